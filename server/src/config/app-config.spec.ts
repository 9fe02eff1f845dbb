import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config.js';

const STRONG_PASSWORD = 'Tabernacle-oak-lantern-47';
const production = (env: Record<string, string>) => ({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', ADMIN_PASSWORD: STRONG_PASSWORD, ...env });

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
    expect(() => loadConfig({ DATA_DIR, DATABASE_OWNER_URL: 'postgres://owner@db/ministry' })).toThrow(/DATABASE_OWNER_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'postgres://app@db/ministry', DATABASE_OWNER_URL: 'mysql://x' })).toThrow(/DATABASE_OWNER_URL/);
    expect(() => loadConfig({ DATA_DIR, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR, PAYPAL_CLIENT_ID: 'only-the-id' })).toThrow(/PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ DATA_DIR, NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DATA_DIR, NODE_ENV: 'production', ADMIN_PASSWORD: STRONG_PASSWORD })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(loadConfig({ DATA_DIR, NODE_ENV: 'production', ADMIN_PASSWORD: STRONG_PASSWORD, PAYPAL_EMULATOR: 'true' }).paypal.clientId).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    // One plain address each: the mailer hands nodemailer an address whole, never a list or a display name to parse.
    for (const STAFF_EMAIL of ['Office <team@example.org>', 'team@example.org, pastor@example.org', '"team,all"@example.org']) {
      expect(() => loadConfig({ DATA_DIR, STAFF_EMAIL })).toThrow(/STAFF_EMAIL must be one e-mail address/);
    }
    expect(() => loadConfig({ DATA_DIR, ADMIN_EMAIL: '"admin,x"@example.org' })).toThrow(/ADMIN_EMAIL/);
    expect(loadConfig({ DATA_DIR, STAFF_EMAIL: 'Team@Example.org' }).staffEmail).toBe('Team@Example.org');
  });

  it("refuses a Gift Aid aggregation limit above HMRC's £20, naming the variable", () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR }).giftAidAggregationLimitMinor).toBe(2000);
    expect(loadConfig({ DATA_DIR, GIFT_AID_AGGREGATION_LIMIT: '20' }).giftAidAggregationLimitMinor).toBe(2000);
    for (const GIFT_AID_AGGREGATION_LIMIT of ['21', '30', '0', '12.5']) {
      expect(() => loadConfig({ DATA_DIR, GIFT_AID_AGGREGATION_LIMIT })).toThrow(/^GIFT_AID_AGGREGATION_LIMIT must be a whole number of pounds from 1 to 20/);
    }
  });

  it("keeps visitors' answers five seconds unless PUBLIC_CACHE_SECONDS says otherwise, 0 turning the cache off", () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR }).publicCacheSeconds).toBe(5);
    expect(loadConfig({ DATA_DIR, PUBLIC_CACHE_SECONDS: '0' }).publicCacheSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR, PUBLIC_CACHE_SECONDS: '30' }).publicCacheSeconds).toBe(30);
    for (const PUBLIC_CACHE_SECONDS of ['-1', '2.5', 'five', '3601']) {
      expect(() => loadConfig({ DATA_DIR, PUBLIC_CACHE_SECONDS })).toThrow(/^PUBLIC_CACHE_SECONDS must be a whole number from 0 to 3600/);
    }
  });

  it('runs one process unless CLUSTER_WORKERS asks for more, `auto` being one per core', () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR }).clusterWorkers).toBe(1);
    expect(loadConfig({ DATA_DIR, CLUSTER_WORKERS: '4' }).clusterWorkers).toBe(4);
    expect(loadConfig({ DATA_DIR, CLUSTER_WORKERS: 'auto' }).clusterWorkers).toBe(availableParallelism());
    for (const CLUSTER_WORKERS of ['0', '1.5', 'many', '65']) {
      expect(() => loadConfig({ DATA_DIR, CLUSTER_WORKERS })).toThrow(/^CLUSTER_WORKERS must be a whole number from 1 to 64/);
    }
  });

  it('builds links from PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://ministry.example/' });
    expect(config.publicUrl).toBe('https://ministry.example');
    expect(config.adminPasswordIsDefault).toBe(true);
  });

  describe('in production', () => {
    it('refuses the published compose JWT secret, short ones and patterned ones', () => {
      expect(() => loadConfig(production({ JWT_SECRET: 'change-this-to-a-long-random-secret-of-48-chars' }))).toThrow(/JWT_SECRET is a published example/);
      expect(() => loadConfig(production({ JWT_SECRET: 'a'.repeat(64) }))).toThrow(/JWT_SECRET looks guessable/);
      expect(() => loadConfig(production({ JWT_SECRET: 'abcdefgh'.repeat(5) }))).toThrow(/JWT_SECRET looks guessable/);
      expect(() => loadConfig(production({ JWT_SECRET: 'our-church-website-secret-key' }))).toThrow(/JWT_SECRET/);
    });

    it('accepts a secret of 32 random bytes in hex or base64, and a generated one', () => {
      expect(loadConfig(production({ JWT_SECRET: randomBytes(32).toString('hex') })).jwtSecret).toHaveLength(64);
      expect(loadConfig(production({ JWT_SECRET: randomBytes(33).toString('base64') })).jwtSecret).toHaveLength(44);
      expect(loadConfig(production({})).jwtSecret.length).toBeGreaterThanOrEqual(32);
    });

    it('refuses the README demo password and common passwords for the admin', () => {
      expect(() => loadConfig(production({ ADMIN_PASSWORD: 'change-me-now' }))).toThrow(/ADMIN_PASSWORD is the published demo password/);
      expect(() => loadConfig(production({ ADMIN_PASSWORD: 'password1' }))).toThrow(/ADMIN_PASSWORD is on the list of common passwords/);
      expect(() => loadConfig(production({ ADMIN_PASSWORD: 'Sunshine2024' }))).toThrow(/common passwords/);
      expect(loadConfig(production({})).adminPassword).toBe(STRONG_PASSWORD);
    });

    it('gives the PayPal emulator a secret of its own, not one derived from the JWT secret', () => {
      const config = loadConfig(production({ JWT_SECRET: randomBytes(32).toString('hex') }));
      expect(config.paypal.emulatorSecret).toBeDefined();
      expect(config.paypal.emulatorSecret).not.toContain(config.jwtSecret);
      expect(loadConfig(production({ PAYPAL_EMULATOR_SECRET: 'x'.repeat(40) })).paypal.emulatorSecret).toBe('x'.repeat(40));
      expect(loadConfig(production({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).paypal.emulatorSecret).toBeUndefined();
    });

    it('refuses a plain-http PUBLIC_URL unless it is this machine, as unsubscribe links and List-Unsubscribe must be https', () => {
      for (const PUBLIC_URL of ['http://ministry.example', 'http://192.168.1.10:3000', 'http://localhost.ministry.example']) {
        expect(() => loadConfig(production({ PUBLIC_URL }))).toThrow(/PUBLIC_URL must start with https:\/\/ when NODE_ENV is production/);
      }
      for (const PUBLIC_URL of ['https://ministry.example', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://localhost:8080']) {
        expect(loadConfig(production({ PUBLIC_URL })).publicUrl).toBe(PUBLIC_URL);
      }
      expect(loadConfig(production({})).publicUrl).toBe('http://localhost:3000');
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://ministry.example' }).publicUrl).toBe('http://ministry.example');
    });

    it('seeds the demo only when SEED_DEMO asks for it', () => {
      expect(loadConfig(production({})).seedDemo).toBe(false);
      expect(loadConfig(production({ SEED_DEMO: 'true' })).seedDemo).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
    });
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, never true', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, loopback, ::1' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback', '::1']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would trust every X-Forwarded-For entry/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
  });
});
