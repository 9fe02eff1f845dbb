import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { DataSource, type EntitySubscriberInterface, type QueryRunner, type RemoveEvent, type UpdateEvent } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { changedProperties } from '../database/changed-properties.js';
import { NotificationListener, type NotificationHandlers } from '../database/notification-listener.js';
import { SqlCounter } from '../database/sql-counter.js';

/** What a token names once its signature and expiry hold: a user, and that user's token version when it was issued. */
export interface TokenSession {
  userId: number;
  version: number;
}

/**
 * How a request's token is checked, given by the feature that signs tokens (wired in the composition root): the
 * token as the sign-in guard reads it, the session it names when it bears a valid signature and has not expired
 * (no database), and that session's user when its sessions have not been ended since (one lookup by primary key).
 */
export interface TokenChecks {
  tokenOf(req: IncomingMessage): string | null;
  session(token: string): TokenSession | undefined;
  user(session: TokenSession): Promise<AuthUser | undefined>;
}

export const TOKEN_CHECKS = Symbol('TOKEN_CHECKS');

/** A token that was valid when issued, whose session has been ended since (logout, a password reset, an erasure). */
export const SESSION_ENDED = 'session-ended';

/** What a request's token proves: who is calling, a session ended since, or nothing (a visitor). */
export type Verdict = AuthUser | typeof SESSION_ENDED | undefined;

const VISITOR = Promise.resolve(undefined);

/**
 * The notifications about accounts (`signed-in:<user id>`), sent by the database whenever a user's role, address,
 * token version or erasure changes, on the channel the visitors' cache already listens to.
 */
const ACCOUNT_CHANGED = 'signed-in:';

/** What a session depends on: the columns whose change the database notifies (migration `AccountChangeNotify`). */
const SESSION_COLUMNS = new Set(['id', 'role', 'email', 'tokenVersion', 'erasedAt']);

/** Whether a write to `users` may change a session: a removal, or an update of a session column (or of unknown ones). */
function changesSession(event: UpdateEvent<object> | RemoveEvent<object>): boolean {
  if (event.metadata.tableName !== 'users') return false;
  if (!('updatedColumns' in event)) return true;
  const changed = changedProperties(event);
  return !changed.length || changed.some((property) => SESSION_COLUMNS.has(property));
}

/**
 * Verified users by id, so a busy member costs one lookup per token version, not one per request. An entry goes as
 * soon as any instance changes its account (the database notifies every listener); until that listener is up, and
 * whenever it is down, nothing is kept or trusted. A connection cut silently never says it is down, so an entry
 * is trusted only once the listener has answered a heartbeat sent after the entry was kept, and only while that
 * proof is recent: a change is then missed for `NotificationListener.PROOF_MS` at most. Bounded in size, and in
 * age as a backstop.
 */
class SignedInUsers {
  static readonly MAX_ENTRIES = 1_000;
  static readonly TTL_MS = 30_000;
  /** `kept` is the `performance.now()` time the entry was first kept for this token version. */
  private readonly entries = new Map<number, { version: number; user: AuthUser; expires: number; kept: number }>();
  private trusted = false;
  /** When the last answered heartbeat was sent: every notification sent before then has arrived. */
  private provenSince = -Infinity;
  /** Counts every forgetting: a lookup that read the database before one must not keep what it read. */
  private generation = 0;

  async user(session: TokenSession, lookUp: (session: TokenSession) => Promise<AuthUser | undefined>): Promise<AuthUser | undefined> {
    const entry = this.trusted ? this.entries.get(session.userId) : undefined;
    if (entry && entry.version === session.version && entry.expires > Date.now() && this.proven(entry.kept)) {
      // Read last, let go last: re-inserting keeps the map in order of use.
      this.entries.delete(session.userId);
      this.entries.set(session.userId, entry);
      return entry.user;
    }
    const generation = this.generation;
    const user = await lookUp(session);
    if (user && this.trusted && generation === this.generation) this.keep(session, user);
    return user;
  }

  /** Whether the listener has proven, recently, that it heard every notification sent since `kept`. */
  private proven(kept: number): boolean {
    return this.provenSince > kept && performance.now() - this.provenSince < NotificationListener.PROOF_MS;
  }

  /**
   * An entry still there for the same token version has heard of no change since it was kept: it keeps that time,
   * so lookups made while it awaits its proof do not push the proof further away.
   */
  private keep({ userId, version }: TokenSession, user: AuthUser) {
    const kept = this.entries.get(userId);
    const since = kept?.version === version ? kept.kept : performance.now();
    this.entries.delete(userId);
    this.entries.set(userId, { version, user, expires: Date.now() + SignedInUsers.TTL_MS, kept: since });
    if (this.entries.size > SignedInUsers.MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The listener answered a heartbeat sent at `since`. */
  alive(since: number) {
    this.provenSince = Math.max(this.provenSince, since);
  }

  forget(userId: number) {
    this.generation++;
    this.entries.delete(userId);
  }

  /** Listening (again): what was kept before may have missed a change, so it starts empty. */
  trust() {
    this.forgetAll();
    this.trusted = true;
  }

  distrust() {
    this.trusted = false;
    this.provenSince = -Infinity;
    this.forgetAll();
  }

  forgetAll() {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * Who sent a request, for the sign-in guard and for what visitors share (the read cache, its limits, the cost
 * limits): the signed-in user, or nobody. A junk, expired or forged token, or one ended by logout or a password
 * reset, makes its sender a visitor like any other, never someone the visitors' limits do not apply to.
 */
@Injectable()
export class Callers implements OnModuleInit {
  private readonly sessions = new WeakMap<IncomingMessage, TokenSession | null>();
  private readonly verdicts = new WeakMap<IncomingMessage, Promise<Verdict>>();
  private readonly users = new SignedInUsers();
  /** Transactions that changed an account: what was kept while they ran is forgotten again when they commit. */
  private readonly changedIn = new WeakSet<QueryRunner>();

  constructor(
    @Inject(TOKEN_CHECKS) private readonly checks: TokenChecks,
    private readonly dataSource: DataSource,
    private readonly sql: SqlCounter,
  ) {}

  /**
   * This instance's own writes to an account (a logout, a role change) take effect here before their answer is
   * sent, not when their notification arrives a moment later.
   */
  onModuleInit() {
    const written = (event: UpdateEvent<object> | RemoveEvent<object>) => {
      if (!changesSession(event)) return;
      this.users.forgetAll();
      if (event.queryRunner?.isTransactionActive) this.changedIn.add(event.queryRunner);
    };
    const committed = ({ queryRunner }: { queryRunner: QueryRunner }) => {
      if (this.changedIn.delete(queryRunner)) this.users.forgetAll();
    };
    const subscriber: EntitySubscriberInterface = {
      afterUpdate: written,
      afterRemove: written,
      afterTransactionCommit: committed,
      afterTransactionRollback: ({ queryRunner }) => void this.changedIn.delete(queryRunner),
    };
    this.dataSource.subscribers.push(subscriber);
  }

  /** Forgets every verified user: after a write TypeORM did not see (raw SQL), before the notification arrives. */
  forgetAll() {
    this.users.forgetAll();
  }

  /**
   * Without touching the database: false when the request certainly comes from a visitor (no token, or one that
   * fails its signature or expiry), so the fast path may answer it; true when only `of` can tell.
   */
  maySignIn(req: IncomingMessage): boolean {
    return this.sessionOf(req) !== undefined;
  }

  /** What the request's token proves; checked once per request however many parts ask. Rejects when it cannot tell. */
  verdict(req: IncomingMessage): Promise<Verdict> {
    if (!req.headers.authorization) return VISITOR;
    let verdict = this.verdicts.get(req);
    if (!verdict) {
      const session = this.sessionOf(req);
      verdict = session ? this.users.user(session, (s) => this.sql.callersLookup(() => this.checks.user(s))).then((user) => user ?? SESSION_ENDED) : VISITOR;
      this.verdicts.set(req, verdict);
    }
    return verdict;
  }

  /** The signed-in user, or undefined for a visitor. */
  of(req: IncomingMessage): Promise<AuthUser | undefined> {
    if (!req.headers.authorization) return VISITOR;
    return this.verdict(req).then((verdict) => (verdict === SESSION_ENDED ? undefined : verdict));
  }

  /**
   * Whether a request is a visitor's. When its token cannot be checked (the database away) it is not: what it is
   * answered must then never be kept for visitors, in case the token turns out valid further on.
   */
  isVisitor(req: IncomingMessage): Promise<boolean> {
    return this.of(req).then(
      (caller) => !caller,
      () => false,
    );
  }

  /**
   * The visitors' cache's listener, shared: notifications about accounts empty the signed-in users' entries, every
   * other one goes to `handlers`. Signed-in users are kept only while it listens.
   */
  sharing(handlers: NotificationHandlers): NotificationHandlers {
    return {
      notified: (payload) => (payload.startsWith(ACCOUNT_CHANGED) ? this.users.forget(Number(payload.slice(ACCOUNT_CHANGED.length))) : handlers.notified(payload)),
      reconnected: () => handlers.reconnected(),
      listening: () => {
        this.users.trust();
        handlers.listening?.();
      },
      lost: () => {
        this.users.distrust();
        handlers.lost?.();
      },
      alive: (since) => {
        this.users.alive(since);
        handlers.alive?.(since);
      },
    };
  }

  private sessionOf(req: IncomingMessage): TokenSession | undefined {
    if (!req.headers.authorization) return undefined;
    let session = this.sessions.get(req);
    if (session === undefined) {
      const token = this.checks.tokenOf(req);
      session = (token !== null && this.checks.session(token)) || null;
      this.sessions.set(req, session);
    }
    return session ?? undefined;
  }
}
