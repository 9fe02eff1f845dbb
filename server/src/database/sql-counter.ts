import { Injectable, Logger } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as TypeOrmLogger } from 'typeorm';

// One set per process: a scope follows its request's async calls, whichever connection of the pool runs its SQL.
const scope = new AsyncLocalStorage<{ count: number; caller: number }>();
/** Set while the caller's account is read: the instance keeps callers for a while, so that costs SQL only at times. */
const callerLookup = new AsyncLocalStorage<true>();
/** Scopes not yet ended: while none is, the storages are disabled, so every other request pays no promise hooks. */
let open = 0;

/**
 * Counts the SQL statements run inside a scope (one HTTP request when SQL counting is asked for), so tests
 * and the benchmark can prove that a list costs a constant number of queries. Also TypeORM's logger.
 */
@Injectable()
export class SqlCounter implements TypeOrmLogger {
  private readonly logger = new Logger('SQL');

  /** Runs `fn` in a scope of its own, which lasts until `ended` is called. */
  run<T>(fn: () => T): { result: T; counter: { count: number; caller: number }; ended: () => void } {
    const counter = { count: 0, caller: 0 };
    open++;
    let done = false;
    const ended = () => {
      if (done) return;
      done = true;
      if (--open > 0) return;
      scope.disable();
      callerLookup.disable();
    };
    return { result: scope.run(counter, fn), counter, ended };
  }

  /** Runs the caller's lookup so its statements are also counted apart (`caller`): a request's own work is the rest. */
  callersLookup<T>(fn: () => Promise<T>): Promise<T> {
    return open ? callerLookup.run(true, fn) : fn();
  }

  logQuery() {
    const counter = scope.getStore();
    if (!counter) return;
    counter.count += 1;
    if (callerLookup.getStore()) counter.caller += 1;
  }

  logQueryError(error: string | Error) {
    this.logger.warn(typeof error === 'string' ? error : error.message);
  }

  logQuerySlow(time: number, query: string) {
    this.logger.warn(`slow query (${time} ms): ${query.slice(0, 200)}`);
  }

  logSchemaBuild() {}

  logMigration(message: string) {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown) {
    if (level === 'warn') this.logger.warn(String(message));
  }
}
