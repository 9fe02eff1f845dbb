import type { ApolloServerPlugin, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  OperationDefinitionNode,
  OperationTypeNode,
  print,
  SelectionSetNode,
  visit,
} from 'graphql';
import { DataSource, EntitySubscriberInterface, InsertEvent, QueryRunner, RemoveEvent, UpdateEvent } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from '../database/database-url.js';
import { changedProperties } from '../database/changed-properties.js';
import { NotificationListener } from '../database/notification-listener.js';
import type { GraphQLContext } from '../common/loaders.js';
import { RateLimitService } from '../common/rate-limit.js';
import { Callers } from './callers.js';
import { STALE_IF_ERROR_SECONDS, STALE_WHILE_REVALIDATE_SECONDS } from './cache-headers.js';
import { fastKeyOf, markShared } from './fast-path.js';

/**
 * Writes no visitor's answer reads: the audit trail, sign-in bookkeeping, and the links mailed to members. They
 * leave the cache alone, or anyone could keep it cold by signing in, even with a wrong password. A table not named
 * here empties the cache on any write; `users` only on a write to something other than these columns.
 */
const UNREAD_BY_VISITORS: Record<string, ReadonlySet<string> | 'all'> = {
  audit_events: 'all',
  sign_ins: 'all',
  password_reset_tokens: 'all',
  email_verification_tokens: 'all',
  // Places left are cached with the program's page for PUBLIC_CACHE_SECONDS at most: a rush of bookings must not
  // empty every visitor's cache with each place it takes.
  bookings: 'all',
  booking_occurrences: 'all',
  ticket_payments: 'all',
  users: new Set(['failedSignIns', 'lastSignInAt', 'tokenVersion', 'emailVerified', 'emailVerifiedAt', 'pendingEmail', 'passwordHash']),
};

type WriteEvent = InsertEvent<object> | UpdateEvent<object> | RemoveEvent<object>;

function readByVisitors(event: WriteEvent): boolean {
  const unread = UNREAD_BY_VISITORS[event.metadata.tableName];
  if (!unread) return true;
  if (unread === 'all') return false;
  if (!('updatedColumns' in event)) return true;
  const changed = changedProperties(event);
  return !changed.length || changed.some((property) => !unread.has(property));
}

type Result = Extract<GraphQLResponse['body'], { kind: 'single' }>['singleResult'];
/**
 * A kept answer, what it weighs in bytes, when it was kept, until when it is fresh, until when one request is
 * renewing it (and whether the last renewal failed), and (for a query's answer) the fast path's keys it was kept under.
 */
type Entry = { value: unknown; bytes: number; at: number; expires: number; renewing?: number; failed?: boolean; variants?: Set<string> };

/**
 * A short-lived cache of what visitors read (GraphQL queries such as the home page, and the public legacy
 * lists), so a busy page costs no SQL at all. Only verified visitors' requests are cached (`Callers`), and only
 * successful answers: those are public by construction, the same for every visitor. Each is fresh for
 * `PUBLIC_CACHE_SECONDS` (0: nothing is kept), then kept a while longer to be given while it is renewed or while
 * the database is away. It holds at most
 * `PUBLIC_CACHE_MAX_BYTES`, letting go of what was read least recently. Any write through TypeORM empties
 * it at once on the instance that wrote, and sends `NOTIFY public_cache` (delivered when the write commits);
 * every instance listens on that channel and empties its own cache when told, so none keeps answering what
 * another instance changed.
 */
@Injectable()
export class PublicReadCache implements OnModuleInit, OnApplicationShutdown {
  static readonly CHANNEL = 'public_cache';
  static readonly MAX_ENTRIES = 500;
  /**
   * The fast path's keys one query's answer is kept under (GET and POST, each `Accept`): a query sent again with
   * other whitespace or unused variables is answered from the query's entry, but not kept once more.
   */
  static readonly MAX_VARIANTS = 4;
  static readonly STALE_WHILE_REVALIDATE_MS = STALE_WHILE_REVALIDATE_SECONDS * 1000;
  static readonly STALE_IF_ERROR_MS = STALE_IF_ERROR_SECONDS * 1000;
  /** How long the other requests wait for a renewal (or, after one failed, for the next try) before one tries again. */
  static readonly RENEWAL_MS = 2_000;
  /** How long an answer is fresh (`PUBLIC_CACHE_SECONDS`); 0 when nothing is kept. */
  readonly seconds: number;
  private readonly entries = new Map<string, Entry>();
  /** What the entries weigh together, kept under `config.publicCacheMaxBytes`. */
  private bytes = 0;
  /** Visitor queries being answered now, by key: the same query arriving meanwhile waits for that answer. */
  private readonly inflight = new Map<string, Promise<Result | undefined>>();

  private readonly logger = new Logger('PublicReadCache');
  private readonly listener: NotificationListener;
  /** Transactions that already sent the notification (PostgreSQL delivers one per channel at commit anyway). */
  private readonly notifiedIn = new WeakSet<QueryRunner>();
  /** A notification outside any transaction is waiting to be sent: writes meanwhile share it. */
  private notifyPending = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DATABASE_URL) url: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly callers: Callers,
    private readonly limits: RateLimitService,
  ) {
    this.seconds = config.publicCacheSeconds;
    // One connection listens for both caches: the signed-in users' notifications go to `Callers`.
    const handlers = callers.sharing({ notified: () => this.clear(), reconnected: () => this.clear() });
    this.listener = new NotificationListener(url, PublicReadCache.CHANNEL, handlers, config.databaseConnectTimeoutMs);
  }

  async onModuleInit() {
    const written = (event: WriteEvent) => (readByVisitors(event) ? this.written(event.queryRunner) : undefined);
    const ended = (event: { queryRunner: QueryRunner }) => void this.notifiedIn.delete(event.queryRunner);
    const subscriber: EntitySubscriberInterface = {
      afterInsert: written,
      afterUpdate: written,
      afterRemove: written,
      afterSoftRemove: written,
      afterRecover: written,
      afterTransactionCommit: ended,
      afterTransactionRollback: ended,
    };
    this.dataSource.subscribers.push(subscriber);
    await this.listener.start();
  }

  async onApplicationShutdown() {
    await this.listener.stop();
  }

  /** Empties this instance's cache. */
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Empties every instance's cache, and the users it verified, after a committed write that TypeORM did not see (an
   * erasure's raw SQL): here at once, and on the others by the notification a write sends.
   */
  async clearEverywhere(): Promise<void> {
    this.clear();
    this.callers.forgetAll();
    await this.dataSource.query(`NOTIFY ${PublicReadCache.CHANNEL}`);
  }

  /** Resolves once every write committed before the call has reached this instance's caches (its notification). */
  caughtUp(): Promise<void> {
    return this.listener.caughtUp();
  }

  /** How many answers are kept, and what they weigh in bytes. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Whether a request asks for its SQL to be counted, where the configuration allows it: it must see the real work. */
  countsSql(req: IncomingMessage): boolean {
    return this.config.sqlCountHeader && req.headers['x-sql-count'] === '1';
  }

  /**
   * Whether a request is answered from, and counted by, what visitors share: a verified visitor's (no token, or
   * one that names no current session), not one counting its SQL.
   */
  async sharedRead(req: IncomingMessage): Promise<boolean> {
    if (this.countsSql(req)) return false;
    return !req.headers.authorization || this.callers.isVisitor(req);
  }

  /**
   * Counts a visitor's page or list that the cache cannot answer against its address; past `publicMissRateLimit`
   * a minute answers 429 (as a legacy error or as text) and false. One-off addresses (`?x=1`, `?x=2`…) then cost a
   * flooder a 429, not a render each. While the database is away nothing can be counted: the request goes on (a
   * page seen before is still answered).
   */
  async admitMiss(req: Request, res: Response, shape: 'legacy' | 'text'): Promise<boolean> {
    const count = await this.limits.hit(`public-miss:${req.ip}`, 60).catch((error: Error) => {
      this.logger.warn(`could not count a visitor's read: ${error.message}`);
      return 0;
    });
    if (count <= this.config.publicMissRateLimit) return true;
    const message = `Too many requests from your address (at most ${this.config.publicMissRateLimit} a minute that are not already cached). Please wait a minute and try again.`;
    res.status(429).setHeader('Retry-After', '60');
    if (shape === 'legacy') res.json({ errors: [{ msg: message, path: '' }], code: 'TOO_MANY_REQUESTS' });
    else res.type('text/plain').send(message);
    return false;
  }

  /**
   * A write: empties the cache here at once and tells every instance (this one included, which empties it again
   * once the write is committed, dropping anything cached from before the commit meanwhile).
   */
  private async written(queryRunner: QueryRunner): Promise<void> {
    this.clear();
    if (queryRunner?.isTransactionActive && !queryRunner.isReleased) {
      // Inside the transaction, so other instances hear of it only when it commits, and never if it rolls back.
      if (this.notifiedIn.has(queryRunner)) return;
      this.notifiedIn.add(queryRunner);
      await queryRunner.query(`NOTIFY ${PublicReadCache.CHANNEL}`);
      return;
    }
    // Already committed: one notification for a burst of writes in the same tick.
    if (this.notifyPending) return;
    this.notifyPending = true;
    setImmediate(() => {
      this.notifyPending = false;
      this.dataSource.query(`NOTIFY ${PublicReadCache.CHANNEL}`).catch((error: Error) => this.logger.warn(`could not tell other instances of a write: ${error.message}`));
    });
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return this.touched(key, entry).value as T;
    this.remove(key, entry);
    return undefined;
  }

  /**
   * Moves a read entry to the back of the eviction order, so a full cache lets go of what nobody reads: a flood of
   * one-off addresses (`/?x=1`, `/?x=2`…) cannot push the home page out and make every visitor render it again.
   */
  private touched(key: string, entry: Entry): Entry {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * For the fast path: the entry while fresh; once expired, still the entry for every request but one, which gets
   * nothing and so goes on to renew it (stale-while-revalidate, for at most `STALE_WHILE_REVALIDATE_MS`; for as
   * long as it may stand in for an error once a renewal failed, the database away). A busy page is rendered once
   * when it expires, not once per visitor waiting at that moment, and an outage costs one try per page every
   * `RENEWAL_MS`. A write empties everything, so nothing stale outlives a write.
   */
  getOrRenew<T>(key: string | undefined): T | undefined {
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.expires > now) return this.touched(key!, entry).value as T;
    if (entry.expires + PublicReadCache.STALE_IF_ERROR_MS <= now) {
      this.remove(key!, entry);
      return undefined;
    }
    const renewing = entry.renewing !== undefined && entry.renewing > now;
    if (renewing && (entry.failed || entry.expires + PublicReadCache.STALE_WHILE_REVALIDATE_MS > now)) return entry.value as T;
    entry.renewing = now + PublicReadCache.RENEWAL_MS;
    return undefined;
  }

  /**
   * Stale-if-error: the entry kept under `key`, fresh or expired for less than `STALE_IF_ERROR_MS`, for a request
   * whose renewal failed with a server error; the other requests are given it without trying for `RENEWAL_MS`.
   */
  staleOnError<T>(key: string | undefined): T | undefined {
    const entry = key === undefined ? undefined : this.entries.get(key);
    const now = Date.now();
    if (!entry || entry.expires + PublicReadCache.STALE_IF_ERROR_MS <= now) return undefined;
    entry.failed = true;
    entry.renewing = now + PublicReadCache.RENEWAL_MS;
    return entry.value as T;
  }

  /**
   * Keeps `value`, which weighs `bytes`, letting go of the entries read least recently until the cache is within
   * both of its bounds. An answer heavier than the whole bound is not kept.
   */
  set(key: string, value: unknown, bytes = weightOf(value)) {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    if (!this.seconds || bytes > this.config.publicCacheMaxBytes) return;
    const at = Date.now();
    this.entries.set(key, { value, bytes, at, expires: at + this.seconds * 1000 });
    this.bytes += bytes;
    this.shrink();
  }

  /** A kept value now weighs `bytes` (its compressed bodies arrived); nothing if it was let go meanwhile. */
  resized(key: string, value: unknown, bytes: number) {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.config.publicCacheMaxBytes) this.remove(key, entry);
    this.shrink();
  }

  /**
   * Whether the fast path may keep the answer of the query kept under `key` under its own key `variant` too: at
   * most `MAX_VARIANTS` of them, so a flood of one query written in new ways (whitespace, unused variables, extra
   * URL parameters) fills neither memory nor the compressor.
   */
  keepsVariant(key: string, variant: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    entry.variants ??= new Set();
    if (entry.variants.has(variant)) return true;
    if (entry.variants.size >= PublicReadCache.MAX_VARIANTS) return false;
    entry.variants.add(variant);
    return true;
  }

  private shrink() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.config.publicCacheMaxBytes && this.entries.size <= PublicReadCache.MAX_ENTRIES) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Marks a key as being answered; the returned function hands the answer (or none) to those waiting. */
  private startAnswering(key: string): (result: Result | undefined) => void {
    let resolve!: (result: Result | undefined) => void;
    const answer = new Promise<Result | undefined>((r) => (resolve = r));
    this.inflight.set(key, answer);
    const done = (result: Result | undefined) => {
      clearTimeout(timer);
      if (this.inflight.get(key) === answer) this.inflight.delete(key);
      resolve(result);
    };
    // Whatever happens to the request, those waiting give up after a while and run the query themselves.
    const timer = setTimeout(() => done(undefined), 10_000);
    timer.unref();
    return done;
  }

  /**
   * Caches visitors' queries under a normalised key, and counts each visitor query the cache cannot answer
   * against the caller's address (`perMinute`), so varying the query text to miss the cache runs into a 429
   * instead of into the database. Marks for the fast path the answers it may keep (`keepsVariant`).
   */
  plugin(perMinute?: number): ApolloServerPlugin<GraphQLContext> {
    return {
      requestDidStart: async ({ request, contextValue }) => {
        // Signed-in callers may see more than visitors; SQL counting must see the real work. A query sent by
        // its persisted hash alone has no text yet here: the operation is read once Apollo has resolved it.
        if (!(await this.sharedRead(contextValue.req))) return;
        let key: string | undefined;
        /** The query's entry, kept after `key` is spent, for the fast path's decision. */
        let queryKey: string | undefined;
        let cached: Result | undefined;
        /** When the cached answer was made, for its `Age` (RFC 9111 4: a cache that answers says how old it is). */
        let cachedAt = 0;
        let finish: ((result: Result | undefined) => void) | undefined;
        return {
          didResolveOperation: async ({ operation, document }) => {
            if (operation?.operation !== OperationTypeNode.QUERY) return;
            // Only the variables the operation declares: others are ignored by GraphQL, so they must not vary the key.
            const declared = new Set(operation.variableDefinitions?.map((v) => v.variable.name.value));
            const variables = Object.fromEntries(Object.entries(request.variables ?? {}).filter(([name]) => declared.has(name)));
            key = 'graphql:' + createHash('sha256').update(`${normalisedQuery(document, operation)}\n${stableJson(variables)}`).digest('base64url');
            queryKey = key;
            cached = this.get<Result>(key);
            cachedAt = this.entries.get(key)?.at ?? 0;
            // With the cache off, a query is run whoever else asks it at the same moment.
            if (!cached && this.seconds) {
              const pending = this.inflight.get(key);
              if (pending) [cached, cachedAt] = [await pending, Date.now()];
              else finish = this.startAnswering(key);
            }
            if (cached) return;
            // Pages rendered on the server run the web app's own queries, whose text a client cannot vary.
            if (perMinute && !contextValue.internal) {
              // Thrown here (not when answering) so the caller gets a 429 rather than a failed request. When it cannot
              // be counted the query goes on, as a page does: its own reads answer 503 if the database is away.
              const count = await this.limits.hit(`graphql:${contextValue.req.ip}`, 60).catch((error: Error) => {
                this.logger.warn(`could not count a visitor's query: ${error.message}`);
                return 0;
              });
              if (count > perMinute) {
                finish?.(undefined);
                finish = undefined;
                throw new GraphQLError(`Too many requests from your address (at most ${perMinute} a minute that are not already cached). Please wait a minute and try again.`, {
                  extensions: { code: 'TOO_MANY_REQUESTS', http: { status: 429 } },
                });
              }
            }
          },
          responseForOperation: async ({ operation, document }) => {
            if (!cached) return null;
            const data = cached.data ? (arrange(cached.data, operation.selectionSet, fragmentsOf(document)) as Result['data']) : cached.data;
            const singleResult = { ...cached, data };
            cached = undefined;
            key = undefined;
            const age = String(Math.max(0, Math.floor((Date.now() - cachedAt) / 1000)));
            return { http: { status: undefined, headers: new HeaderMap([['age', age]]) }, body: { kind: 'single', singleResult } };
          },
          willSendResponse: async ({ response, operation }) => {
            const stored = key;
            key = undefined;
            const answered = operation?.operation === OperationTypeNode.QUERY && response.body.kind === 'single' && !response.body.singleResult.errors;
            const result = answered && response.body.kind === 'single' ? response.body.singleResult : undefined;
            if (stored && result) this.set(stored, result);
            finish?.(stored ? result : undefined);
            finish = undefined;
            const variant = contextValue.internal ? undefined : fastKeyOf(contextValue.req);
            if (result && queryKey && variant && this.keepsVariant(queryKey, variant)) markShared(contextValue.req);
          },
        };
      },
    };
  }
}

/** What a kept value weighs: a text its length, anything else its length as JSON (about what holding it costs). */
const weightOf = (value: unknown): number => (typeof value === 'string' ? value : JSON.stringify(value)).length;

const fragmentsOf = (document: DocumentNode) =>
  new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));

/**
 * The operation to run, printed without its name and with every selection set sorted, followed by the
 * fragments it may use (sorted by name): whitespace, comments, operation names, other operations in the same
 * document and the order of fields or aliases no longer make a different cache entry.
 */
export function normalisedQuery(document: DocumentNode, operation: OperationDefinitionNode): string {
  // Parsed documents are reused for the same text, so each is normalised once.
  let normalised = normalisedByOperation.get(operation);
  if (normalised === undefined) {
    normalised = normalise(document, operation);
    normalisedByOperation.set(operation, normalised);
  }
  return normalised;
}

const normalisedByOperation = new WeakMap<OperationDefinitionNode, string>();

function normalise(document: DocumentNode, operation: OperationDefinitionNode): string {
  const sortSelections = { SelectionSet: (node: SelectionSetNode) => ({ ...node, selections: [...node.selections].sort((a, b) => compare(print(a), print(b))) }) };
  const fragments = [...fragmentsOf(document).values()].sort((a, b) => compare(a.name.value, b.name.value));
  const parts = [{ ...operation, name: undefined }, ...fragments].map((definition) => print(visit(definition, sortSelections)));
  return parts.join('\n');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** JSON with object keys sorted at every level. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => compare(a, b)))
      : inner,
  );
}

/** A cached answer with its keys in the order this request asked for them (the answer of another order). */
function arrange(value: unknown, set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): unknown {
  if (Array.isArray(value)) return value.map((item) => arrange(item, set, fragments));
  if (!value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  // The prototype too: graphql-js answers null-prototype objects, and a page rendered from a cached answer must
  // serialise exactly as one rendered from a fresh answer.
  const result = Object.create(Object.getPrototypeOf(source) as object | null) as Record<string, unknown>;
  const place = (selections: SelectionSetNode) => {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.alias?.value ?? selection.name.value;
        if (!(name in source) || name in result) continue;
        result[name] = selection.selectionSet ? arrange(source[name], selection.selectionSet, fragments) : source[name];
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        place(selection.selectionSet);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) place(fragment.selectionSet);
      }
    }
  };
  place(set);
  for (const name of Object.keys(source)) if (!(name in result)) result[name] = source[name];
  return result;
}
