import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError } from './app-error.js';
import { requestOf } from './request-of.js';

export interface Limit {
  /** Counter name; the caller's address is appended. */
  name: string;
  limit: number;
  windowSeconds: number;
}

const RATE_LIMIT = 'rateLimit';

/**
 * An e-mail address as part of a counter's key: hashed, so the counters never hold an address (erasure removes
 * a person's counters by this same hash).
 */
export const emailKeyPart = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Limits an entry point per client address; past the limit the caller gets 429. */
export const RateLimit = (name: string, limit: number, windowSeconds: number) =>
  SetMetadata(RATE_LIMIT, { name, limit, windowSeconds } satisfies Limit);

/**
 * Fixed-window counters kept in PostgreSQL (an unlogged table), so every instance behind a load balancer
 * shares them without another server to run. Only writes are limited, so the extra statement is cheap.
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly dataSource: DataSource) {}

  /** Counts one event and answers the count in the current window. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    return (await this.hitAll([{ key, windowSeconds }]))[0];
  }

  /**
   * Counts one event under each key in one statement and answers the new counts in the same order: parallel
   * requests each see their own increment, so none can slip through between a read and a write.
   */
  async hitAll(counters: { key: string; windowSeconds: number }[]): Promise<number[]> {
    if (Math.random() < 0.01) {
      await this.dataSource.query(`DELETE FROM rate_limit_counter WHERE resets_at < now() - interval '1 hour'`);
    }
    const rows: { key: string; count: number }[] = await this.dataSource.query(
      `INSERT INTO rate_limit_counter (key, count, resets_at)
       SELECT key, 1, now() + make_interval(secs => seconds) FROM unnest($1::text[], $2::int[]) AS given(key, seconds)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limit_counter.resets_at <= now() THEN 1 ELSE rate_limit_counter.count + 1 END,
         resets_at = CASE WHEN rate_limit_counter.resets_at <= now() THEN EXCLUDED.resets_at ELSE rate_limit_counter.resets_at END
       RETURNING key, count`,
      [counters.map((c) => c.key), counters.map((c) => c.windowSeconds)],
    );
    const counts = new Map(rows.map((row) => [row.key, row.count]));
    return counters.map((c) => counts.get(c.key)!);
  }

  /** Takes back one event under each key (an attempt that turned out to be legitimate). */
  async release(keys: string[]): Promise<void> {
    await this.dataSource.query('UPDATE rate_limit_counter SET count = greatest(count - 1, 0) WHERE key = ANY($1::text[])', [keys]);
  }

  /** The count in the current window without adding to it. */
  async count(key: string): Promise<number> {
    const rows: { count: number }[] = await this.dataSource.query(
      'SELECT count FROM rate_limit_counter WHERE key = $1 AND resets_at > now()',
      [key],
    );
    return rows[0]?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limit_counter WHERE key = $1', [key]);
  }

  /** Counts one event and refuses it with 429 past the limit. */
  async consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    if ((await this.hit(key, windowSeconds)) > limit) throw AppError.tooManyRequests();
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.reflector.getAllAndOverride<Limit | undefined>(RATE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!limit) return true;
    const request = requestOf(context);
    await this.limits.consume(`${limit.name}:${request.ip}`, limit.limit, limit.windowSeconds);
    return true;
  }
}
