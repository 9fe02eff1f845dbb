import { Injectable, Logger } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * Counts the SQL statements run inside a scope (one HTTP request when SQL counting is asked for), so tests
 * and the benchmark can prove that a list costs a constant number of queries. Also TypeORM's logger.
 */
@Injectable()
export class SqlCounter implements TypeOrmLogger {
  private readonly logger = new Logger('SQL');
  private readonly scope = new AsyncLocalStorage<{ count: number }>();
  /** Scopes not yet ended: while none is, the storage is disabled, so every other request pays no promise hooks. */
  private open = 0;

  /** Runs `fn` in a scope of its own, which lasts until `ended` is called. */
  run<T>(fn: () => T): { result: T; counter: { count: number }; ended: () => void } {
    const counter = { count: 0 };
    this.open++;
    let done = false;
    const ended = () => {
      if (done) return;
      done = true;
      if (--this.open === 0) this.scope.disable();
    };
    return { result: this.scope.run(counter, fn), counter, ended };
  }

  logQuery() {
    const counter = this.scope.getStore();
    if (counter) counter.count += 1;
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
