import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'ministry-config-'));

describe('loadConfig', () => {
  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const DATA_DIR = dataDir();
    const first = loadConfig({ DATA_DIR });
    const second = loadConfig({ DATA_DIR });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(DATA_DIR, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('names the variable at fault', () => {
    const DATA_DIR = dataDir();
    expect(() => loadConfig({ DATA_DIR, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR, PAYPAL_CLIENT_ID: 'only-the-id' })).toThrow(/PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ DATA_DIR, NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DATA_DIR, NODE_ENV: 'production', ADMIN_PASSWORD: 'long-enough' })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(loadConfig({ DATA_DIR, NODE_ENV: 'production', ADMIN_PASSWORD: 'long-enough', PAYPAL_EMULATOR: 'true' }).paypal.clientId).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('builds links from PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://ministry.example/' });
    expect(config.publicUrl).toBe('https://ministry.example');
    expect(config.adminPasswordIsDefault).toBe(true);
  });
});
