import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ADMIN_PASSWORD, estimatedBits, isCommonPassword, isPublishedSecret, MIN_SECRET_BITS, secretFromEnvOrFile } from './secrets.js';
import { isPlainAddress } from '../common/email-address.js';

/** The repository root, found from this file's place (src/config or dist/config under server/). */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The whole validated configuration, read once at start-up. Every field is in the README's table. */
export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  dataDir: string;
  databaseUrl?: string;
  /** The schema owner's connection, for migrations only; the app then connects as DATABASE_URL's role, which owns nothing. */
  databaseOwnerUrl?: string;
  databasePoolSize: number;
  /** How long a request waits for a database connection before it is answered 503. */
  databaseConnectTimeoutMs: number;
  jwtSecret: string;
  jwtExpiresIn: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  staffEmail: string;
  adminEmail: string;
  adminPassword: string;
  adminPasswordIsDefault: boolean;
  seedDemo: boolean;
  /** Express's `trust proxy`: how many proxies (hops) or which proxy addresses sit in front; false for none. */
  trustProxy: false | number | string[];
  /** Visitor GraphQL queries the public cache cannot answer, per address and minute; past it, 429. */
  graphqlRateLimit: number;
  /** Gift Aid claims may add together declared gifts of at most this many pence each, when Finance asks. */
  giftAidAggregationLimitMinor: number;
  /** Visitor pages, page data and public lists the cache cannot answer, per address and minute; past it, 429. */
  publicMissRateLimit: number;
  /** What the visitors' cache may hold, in bytes (bodies in every encoding, and kept query answers). */
  publicCacheMaxBytes: number;
  /** How long the visitors' cache (and a CDN's, `s-maxage`) keeps a page or shared query fresh; 0 turns it off. */
  publicCacheSeconds: number;
  /** Processes that answer requests on this machine, sharing its port (Node's cluster): one per core pays for them all. */
  clusterWorkers: number;
  /** How long a paid booking keeps its places while the booker pays (and a visitor's while they confirm their address). */
  bookingHoldMinutes: number;
  /** How long a place freed for someone on a waiting list is kept for them. */
  bookingOfferHours: number;
  /** Broadcasts: messages a minute across every instance, and the first wait before a 4xx-deferred message is tried again (doubling). */
  mailSendRatePerMinute: number;
  mailRetrySeconds: number;
  /** The domain of the envelope sender (VERP, `bounces+<token>@…`) and of `mailto:` unsubscribing. */
  mailBounceDomain: string;
  /** Inbound bounces and complaints: an SMTP listener's port (off when unset), and the bearer secret of `POST /api/mail/inbound` (off when unset). */
  mailInboundPort?: number;
  mailInboundSecret?: string;
  /** DKIM signing of outgoing mail, when all three are set. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Answer `x-sql-count` on requests that ask for it (tests and the benchmark); off unless turned on, or under NODE_ENV=test. */
  sqlCountHeader: boolean;
  paypal: {
    clientId?: string;
    clientSecret?: string;
    apiBase: string;
    webhookId?: string;
    /** Signs the built-in emulator's tokens and webhooks (when it runs); its own secret, never derived from another. */
    emulatorSecret?: string;
    /** How long one PayPal call may take before it counts as unanswered. */
    timeoutMs: number;
  };
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    publicUrl?: string;
  };
  /** How long records are kept before the daily retention job anonymises or deletes them. */
  retention: {
    /** Closed contact enquiries, questions, counselling and baptism requests: anonymised this many months after closing. */
    closedRequestsMonths: number;
    /** Prayer requests: deleted this many months after they close or stop being shared. */
    prayerRequestsMonths: number;
    /** Sign-in history and sent e-mail (the outbox, the mail queue): deleted after this many days. */
    signInsDays: number;
    outboxDays: number;
    /** The audit trail's network addresses: removed this many months after the entry (the entry itself stays). */
    auditAddressesMonths: number;
    /** PayPal's webhook notices: emptied of the payer's details this many days after they arrive (the id stays). */
    paypalNoticesDays: number;
  };
  webBuildDir: string;
  adminBuildDir: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export const DEFAULT_ADMIN_EMAIL = 'admin@example.org';

export class ConfigError extends Error {}

/** The most a gift may be, in pounds, to be added into an aggregated row of a Gift Aid schedule (HMRC: "£20 or less"). */
export const HMRC_AGGREGATION_LIMIT_POUNDS = 20;

type Env = Record<string, string | undefined>;

function readPort(env: Env): number {
  const raw = env.PORT ?? '3000';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function readUrl(name: string, raw: string | undefined, protocols: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}//`);
  }
  return raw;
}

/** A whole number from `min` to `max`, or `fallback` when unset. */
function readWhole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  const value = Number(raw || fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** The domain of an address as MAIL_FROM writes it (`Name <a@b>` or `a@b`). */
function addressDomain(raw: string | undefined): string | undefined {
  return raw ? /@([^\s>]+)>?\s*$/.exec(raw)?.[1] : undefined;
}

function readDkim(env: Env): AppConfig['dkim'] {
  const names = ['DKIM_PRIVATE_KEY', 'DKIM_SELECTOR', 'DKIM_DOMAIN'] as const;
  const given = names.filter((name) => env[name]);
  if (!given.length) return undefined;
  if (given.length < names.length) throw new ConfigError(`DKIM signing needs ${names.join(', ')} together; missing ${names.filter((n) => !env[n]).join(', ')}`);
  // A key in one line of an environment variable has its line breaks written as \n.
  return { domainName: env.DKIM_DOMAIN!, keySelector: env.DKIM_SELECTOR!, privateKey: env.DKIM_PRIVATE_KEY!.replace(/\\n/g, '\n') };
}

function readBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** The JWT secret from JWT_SECRET, or one generated on first start and kept in DATA_DIR. */
/**
 * A live site's address must be https: its unsubscribe links and List-Unsubscribe headers travel in mail, and a
 * plain-http one-click link could be read or rewritten on the way. Only this machine itself may go without.
 */
function readPublicUrl(env: Env, port: number, production: boolean): string {
  const publicUrl = (readUrl('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const { protocol, hostname } = new URL(publicUrl);
  if (production && protocol === 'http:' && !isLoopback(hostname)) {
    throw new ConfigError(`PUBLIC_URL must start with https:// when NODE_ENV is production (http:// only for 127.0.0.1, [::1] or localhost), got "${publicUrl}"`);
  }
  return publicUrl;
}

const isLoopback = (hostname: string): boolean => hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

function readJwtSecret(env: Env, dataDir: string, production: boolean): string {
  const { value, generated } = secretFromEnvOrFile(env.JWT_SECRET, dataDir, 'jwt-secret');
  if (generated) return value;
  if (value.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  if (production && isPublishedSecret(value)) {
    throw new ConfigError('JWT_SECRET is a published example value: anyone could sign an admin token. Generate one with `openssl rand -base64 48`');
  }
  if (production && estimatedBits(value) < MIN_SECRET_BITS) {
    throw new ConfigError(`JWT_SECRET looks guessable (under ${MIN_SECRET_BITS / 8} random bytes). Generate one with \`openssl rand -base64 48\``);
  }
  return value;
}

/** DATABASE_OWNER_URL: only beside DATABASE_URL (the embedded server has its own owner role). */
function readDatabaseOwnerUrl(env: Env): string | undefined {
  const url = readUrl('DATABASE_OWNER_URL', env.DATABASE_OWNER_URL, ['postgres:', 'postgresql:']);
  if (url && !env.DATABASE_URL) throw new ConfigError("DATABASE_OWNER_URL needs DATABASE_URL, the app's own role");
  return url;
}

function readAdminPassword(env: Env, production: boolean): string {
  const password = env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  if (password.length < 8) throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters long');
  if (!production) return password;
  if (!env.ADMIN_PASSWORD) throw new ConfigError('ADMIN_PASSWORD must be set when NODE_ENV is production');
  if (isPublishedSecret(password)) throw new ConfigError('ADMIN_PASSWORD is the published demo password: choose your own');
  if (isCommonPassword(password)) throw new ConfigError('ADMIN_PASSWORD is on the list of common passwords: choose a less guessable one');
  return password;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: a hop count, or proxy addresses/CIDRs. `true` would trust
 * every hop, so a client could pick the address its rate limits are counted under: it is refused.
 */
function readTrustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For entry, which clients can forge; set the number of proxies in front of the app (1 behind one load balancer) or their addresses',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a hop count from 0 to 10 or a list of proxy addresses, got "${raw}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address);
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (!PROXY_NAMES.includes(entry) && (!version || !prefixOk || extra !== undefined)) {
      throw new ConfigError(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDRs, got "${entry}"`);
    }
  }
  return entries;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnv}"`);
  }
  const port = readPort(env);
  const dataDir = resolve(cwd, env.DATA_DIR || 'data');
  mkdirSync(dataDir, { recursive: true });

  const poolSize = Number(env.DATABASE_POOL_SIZE ?? '5');
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 100) {
    throw new ConfigError(`DATABASE_POOL_SIZE must be a whole number from 1 to 100, got "${env.DATABASE_POOL_SIZE}"`);
  }

  const connectTimeoutMs = Number(env.DATABASE_CONNECT_TIMEOUT_MS || '5000');
  if (!Number.isInteger(connectTimeoutMs) || connectTimeoutMs < 100 || connectTimeoutMs > 60_000) {
    throw new ConfigError(`DATABASE_CONNECT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000, got "${env.DATABASE_CONNECT_TIMEOUT_MS}"`);
  }

  const production = nodeEnv === 'production';
  const publicUrl = readPublicUrl(env, port, production);
  const adminEmail = (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (!isPlainAddress(adminEmail)) throw new ConfigError(`ADMIN_EMAIL must be an e-mail address, got "${adminEmail}"`);
  const staffEmail = env.STAFF_EMAIL || adminEmail;
  if (!isPlainAddress(staffEmail)) throw new ConfigError(`STAFF_EMAIL must be one e-mail address (no name, no list), got "${staffEmail}"`);
  const adminPassword = readAdminPassword(env, production);

  const paypalClientId = env.PAYPAL_CLIENT_ID || undefined;
  const paypalClientSecret = env.PAYPAL_CLIENT_SECRET || undefined;
  if (Boolean(paypalClientId) !== Boolean(paypalClientSecret)) {
    throw new ConfigError('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  }
  // A live site must not take pretend payments by accident: production uses the emulator only when asked.
  if (production && !paypalClientId && !readBoolean('PAYPAL_EMULATOR', env.PAYPAL_EMULATOR, false)) {
    throw new ConfigError('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set when NODE_ENV is production (or PAYPAL_EMULATOR=true for a demo)');
  }
  const paypalTimeoutMs = Number(env.PAYPAL_TIMEOUT_MS || '20000');
  if (!Number.isInteger(paypalTimeoutMs) || paypalTimeoutMs < 100 || paypalTimeoutMs > 120_000) {
    throw new ConfigError(`PAYPAL_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${env.PAYPAL_TIMEOUT_MS}"`);
  }

  const graphqlRateLimit = Number(env.GRAPHQL_RATE_LIMIT || '300');
  if (!Number.isInteger(graphqlRateLimit) || graphqlRateLimit < 1) {
    throw new ConfigError(`GRAPHQL_RATE_LIMIT must be a whole number of requests per minute, at least 1, got "${env.GRAPHQL_RATE_LIMIT}"`);
  }

  // gov.uk (Charities Online, aggregated donations): "You can add together donations of £20 or less"; the £30 of the
  // Small Donations Scheme is another rule, for gifts without a declaration.
  const giftAidAggregationLimit = Number(env.GIFT_AID_AGGREGATION_LIMIT || String(HMRC_AGGREGATION_LIMIT_POUNDS));
  if (!Number.isInteger(giftAidAggregationLimit) || giftAidAggregationLimit < 1 || giftAidAggregationLimit > HMRC_AGGREGATION_LIMIT_POUNDS) {
    throw new ConfigError(
      `GIFT_AID_AGGREGATION_LIMIT must be a whole number of pounds from 1 to ${HMRC_AGGREGATION_LIMIT_POUNDS} (HMRC aggregates only gifts of £${HMRC_AGGREGATION_LIMIT_POUNDS} or less), got "${env.GIFT_AID_AGGREGATION_LIMIT}"`,
    );
  }

  const s3Bucket = env.S3_BUCKET || undefined;

  return {
    port,
    host: env.HOST || '0.0.0.0',
    nodeEnv,
    dataDir,
    databaseUrl: readUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    databaseOwnerUrl: readDatabaseOwnerUrl(env),
    databasePoolSize: poolSize,
    databaseConnectTimeoutMs: connectTimeoutMs,
    jwtSecret: readJwtSecret(env, dataDir, production),
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    publicUrl,
    smtpUrl: readUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || `Ministry <no-reply@${new URL(publicUrl).hostname}>`,
    staffEmail,
    adminEmail,
    adminPassword,
    adminPasswordIsDefault: !env.ADMIN_PASSWORD,
    // A live site starts empty: the demo (invented settings, posts, a staff account per role) only when asked.
    seedDemo: readBoolean('SEED_DEMO', env.SEED_DEMO, !production),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    graphqlRateLimit,
    giftAidAggregationLimitMinor: giftAidAggregationLimit * 100,
    publicMissRateLimit: readWhole('PUBLIC_MISS_RATE_LIMIT', env.PUBLIC_MISS_RATE_LIMIT, 600, 1, 1_000_000),
    publicCacheMaxBytes: readWhole('PUBLIC_CACHE_MAX_BYTES', env.PUBLIC_CACHE_MAX_BYTES, 64 * 1024 * 1024, 64 * 1024, Number.MAX_SAFE_INTEGER),
    // Longer than an hour buys nothing: any write empties the cache, and a copy past it is still given while renewed.
    publicCacheSeconds: readWhole('PUBLIC_CACHE_SECONDS', env.PUBLIC_CACHE_SECONDS, 5, 0, 3600),
    clusterWorkers: env.CLUSTER_WORKERS === 'auto' ? availableParallelism() : readWhole('CLUSTER_WORKERS', env.CLUSTER_WORKERS, 1, 1, 64),
    bookingHoldMinutes: readWhole('BOOKING_HOLD_MINUTES', env.BOOKING_HOLD_MINUTES, 15, 1, 24 * 60),
    bookingOfferHours: readWhole('BOOKING_OFFER_HOURS', env.BOOKING_OFFER_HOURS, 24, 1, 14 * 24),
    mailSendRatePerMinute: readWhole('MAIL_SEND_RATE_PER_MINUTE', env.MAIL_SEND_RATE_PER_MINUTE, 600, 1, 1_000_000),
    mailRetrySeconds: readWhole('MAIL_RETRY_SECONDS', env.MAIL_RETRY_SECONDS, 300, 1, 24 * 3600),
    mailBounceDomain: env.MAIL_BOUNCE_DOMAIN || addressDomain(env.MAIL_FROM) || new URL(publicUrl).hostname,
    mailInboundPort: env.MAIL_INBOUND_PORT ? readWhole('MAIL_INBOUND_PORT', env.MAIL_INBOUND_PORT, 0, 0, 65535) : undefined,
    mailInboundSecret: env.MAIL_INBOUND_SECRET || undefined,
    dkim: readDkim(env),
    // A request asking for its SQL to be counted goes past the cache and the visitors' limits: only where asked for.
    sqlCountHeader: readBoolean('SQL_COUNT_HEADER', env.SQL_COUNT_HEADER, nodeEnv === 'test'),
    paypal: {
      clientId: paypalClientId,
      clientSecret: paypalClientSecret,
      apiBase: (readUrl('PAYPAL_API_BASE', env.PAYPAL_API_BASE, ['http:', 'https:']) ?? 'https://api-m.sandbox.paypal.com').replace(/\/+$/, ''),
      webhookId: env.PAYPAL_WEBHOOK_ID || undefined,
      emulatorSecret: paypalClientId ? undefined : secretFromEnvOrFile(env.PAYPAL_EMULATOR_SECRET, dataDir, 'paypal-emulator-secret').value,
      timeoutMs: paypalTimeoutMs,
    },
    s3: s3Bucket
      ? {
          bucket: s3Bucket,
          region: env.S3_REGION || 'us-east-1',
          endpoint: readUrl('S3_ENDPOINT', env.S3_ENDPOINT, ['http:', 'https:']),
          publicUrl: readUrl('S3_PUBLIC_URL', env.S3_PUBLIC_URL, ['http:', 'https:']),
        }
      : undefined,
    retention: {
      closedRequestsMonths: readWhole('RETENTION_CLOSED_REQUESTS_MONTHS', env.RETENTION_CLOSED_REQUESTS_MONTHS, 24, 1, 120),
      prayerRequestsMonths: readWhole('RETENTION_PRAYER_REQUESTS_MONTHS', env.RETENTION_PRAYER_REQUESTS_MONTHS, 12, 1, 120),
      signInsDays: readWhole('RETENTION_SIGN_INS_DAYS', env.RETENTION_SIGN_INS_DAYS, 90, 1, 3650),
      outboxDays: readWhole('RETENTION_OUTBOX_DAYS', env.RETENTION_OUTBOX_DAYS, 90, 1, 3650),
      auditAddressesMonths: readWhole('RETENTION_AUDIT_ADDRESSES_MONTHS', env.RETENTION_AUDIT_ADDRESSES_MONTHS, 12, 1, 120),
      paypalNoticesDays: readWhole('RETENTION_PAYPAL_NOTICES_DAYS', env.RETENTION_PAYPAL_NOTICES_DAYS, 90, 1, 3650),
    },
    webBuildDir: resolve(REPO_ROOT, env.WEB_BUILD_DIR || 'web/build'),
    adminBuildDir: resolve(REPO_ROOT, env.ADMIN_BUILD_DIR || 'admin/dist'),
  };
}
