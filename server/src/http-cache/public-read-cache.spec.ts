import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { PublicReadCache } from './public-read-cache.js';

/** The cache alone: nothing here connects to a database until the module starts. */
const cache = () => new PublicReadCache({} as DataSource, 'postgres://localhost/unused', { databaseConnectTimeoutMs: 1_000 } as AppConfig);

describe('PublicReadCache', () => {
  it('keeps what visitors keep reading when a flood of one-off addresses fills it', () => {
    const kept = cache();
    kept.set('fast:GET /', 'home page');
    for (let i = 0; i < PublicReadCache.MAX_ENTRIES * 3; i++) {
      kept.set(`fast:GET /?x=${i}`, 'a one-off page');
      if (i % 100 === 0) expect(kept.getOrRenew('fast:GET /')).toBe('home page');
    }
    expect(kept.get('fast:GET /')).toBe('home page');
    expect(kept.get('fast:GET /?x=0')).toBeUndefined();
  });

  it('lets go of the entry read least recently when full', () => {
    const full = cache();
    for (let i = 0; i < PublicReadCache.MAX_ENTRIES; i++) full.set(`key ${i}`, i);
    expect(full.get('key 0')).toBe(0);
    full.set('one more', 'new');
    expect(full.get('key 0')).toBe(0);
    expect(full.get('key 1')).toBeUndefined();
    expect(full.get('one more')).toBe('new');
  });
});
