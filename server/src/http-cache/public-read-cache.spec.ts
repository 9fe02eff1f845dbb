import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { RateLimitService } from '../common/rate-limit.js';
import type { AppConfig } from '../config/app-config.js';
import { Callers, type TokenChecks } from './callers.js';
import { SqlCounter } from '../database/sql-counter.js';
import { PublicReadCache } from './public-read-cache.js';

/** The cache alone: nothing here connects to a database until the module starts. */
const cache = (publicCacheMaxBytes = 1_000_000, publicCacheSeconds = 5) =>
  new PublicReadCache({} as DataSource, 'postgres://localhost/unused', { databaseConnectTimeoutMs: 1_000, publicCacheMaxBytes, publicCacheSeconds } as AppConfig, new Callers({} as TokenChecks, {} as DataSource, new SqlCounter()), {} as RateLimitService);

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

  it('holds no more bytes than its bound, letting go of what was read least recently', () => {
    const bounded = cache(100_000);
    bounded.set('home', 'x'.repeat(30_000));
    for (let i = 0; i < 20; i++) {
      bounded.set(`page ${i}`, 'y'.repeat(30_000));
      expect(bounded.get('home')).toBeDefined();
      expect(bounded.size().bytes).toBeLessThanOrEqual(100_000);
    }
    expect(bounded.size()).toEqual({ entries: 3, bytes: 90_000 });
    bounded.set('too large', 'z'.repeat(100_001));
    expect(bounded.get('too large')).toBeUndefined();
  });

  it('counts what an entry weighs once its compressed bodies arrive, unless it was let go meanwhile', () => {
    const bounded = cache(100_000);
    const answer = { body: 'b' };
    bounded.set('list', answer, 40_000);
    bounded.resized('list', answer, 60_000);
    expect(bounded.size()).toEqual({ entries: 1, bytes: 60_000 });
    bounded.set('other', 'o', 50_000);
    expect(bounded.size()).toEqual({ entries: 1, bytes: 50_000 });
    bounded.resized('list', answer, 80_000);
    expect(bounded.size()).toEqual({ entries: 1, bytes: 50_000 });
  });

  describe('once an entry expires', () => {
    let now = 1_000_000;
    const at = (ms: number) => (now = 1_000_000 + ms);
    afterEach(() => void jest.restoreAllMocks());
    const kept = () => {
      jest.spyOn(Date, 'now').mockImplementation(() => now);
      at(0);
      const fresh = cache();
      fresh.set('fast:GET /', 'home page');
      return fresh;
    };

    it('gives it to every request but one, which renews it, for a minute', () => {
      const home = kept();
      at(5_000);
      expect(home.getOrRenew('fast:GET /')).toBeUndefined();
      expect(home.getOrRenew('fast:GET /')).toBe('home page');
      // The renewal never came back: another request tries.
      at(5_000 + PublicReadCache.RENEWAL_MS);
      expect(home.getOrRenew('fast:GET /')).toBeUndefined();
      // Past a minute every request renders, as with no copy, while the copy stays for errors.
      at(5_000 + PublicReadCache.STALE_WHILE_REVALIDATE_MS);
      expect(home.getOrRenew('fast:GET /')).toBeUndefined();
      expect(home.getOrRenew('fast:GET /')).toBeUndefined();
      expect(home.staleOnError('fast:GET /')).toBe('home page');
    });

    it('stands in for a failed renewal for a day, the others meanwhile given it without trying', () => {
      const home = kept();
      at(5_000 + PublicReadCache.STALE_WHILE_REVALIDATE_MS + 1);
      expect(home.getOrRenew('fast:GET /')).toBeUndefined();
      expect(home.staleOnError('fast:GET /')).toBe('home page');
      expect(home.getOrRenew('fast:GET /')).toBe('home page');
      at(5_000 + PublicReadCache.STALE_IF_ERROR_MS - 1);
      expect(home.staleOnError('fast:GET /')).toBe('home page');
      at(5_000 + PublicReadCache.STALE_IF_ERROR_MS);
      expect(home.staleOnError('fast:GET /')).toBeUndefined();
      expect(home.getOrRenew('fast:GET /')).toBeUndefined();
      expect(home.size().entries).toBe(0);
    });

    it('never stands in for a page not kept, and keeps nothing with PUBLIC_CACHE_SECONDS=0', () => {
      expect(kept().staleOnError('fast:GET /never-seen')).toBeUndefined();
      const off = cache(1_000_000, 0);
      off.set('fast:GET /', 'home page');
      expect(off.size()).toEqual({ entries: 0, bytes: 0 });
      expect(off.staleOnError('fast:GET /')).toBeUndefined();
    });
  });
});
