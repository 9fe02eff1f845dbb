import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from './database-url.js';

export interface SendOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  startAfter?: number;
  singletonKey?: string;
  /** At most one job of this name per slot of this many seconds (a daily job offered hourly). */
  singletonSeconds?: number;
}

/**
 * Durable background jobs (pg-boss) in the application's own PostgreSQL: shared by every instance, retried
 * with back-off, and kept across restarts. Handlers throw to ask for a retry.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();

  constructor(@Inject(DATABASE_URL) url: string, @Inject(APP_CONFIG) config: AppConfig) {
    // pg-boss hands its options to node-postgres's Pool, whose connect timeout its typings leave out.
    const pool = { connectionTimeoutMillis: config.databaseConnectTimeoutMs };
    this.boss = new PgBoss({ connectionString: url, max: 2, schedule: false, supervise: true, ...pool });
    // Failed polls, maintenance and pool errors while the database is away: logged, and pg-boss carries on.
    this.boss.on('error', (error) => this.logger.error(error.message));
  }

  async onModuleInit() {
    await this.boss.start();
  }

  async onApplicationShutdown() {
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true });
  }

  private async ensureQueue(name: string) {
    if (this.queues.has(name)) return;
    await this.boss.createQueue(name);
    this.queues.add(name);
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.send(name, data, options);
  }

  /** Deletes the jobs of `name`, waiting or done, whose data mentions `text` (an erased person's address). */
  async forget(name: string, text: string): Promise<void> {
    for (const table of ['job', 'archive']) {
      await this.boss.getDb().executeSql(`DELETE FROM pgboss.${table} WHERE name = $1 AND strpos(lower(data::text), lower($2)) > 0`, [name, text]);
    }
  }

  /** Runs `handler` for each job of `name`; a queue that can wait (a daily job) polls less often than every second. */
  async work<T extends object>(name: string, handler: (data: T) => Promise<void>, pollingIntervalSeconds = 1): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.work<T>(name, { pollingIntervalSeconds, batchSize: 10 }, async (jobs) => {
      // Each job succeeds or fails on its own: a failed one is handed back for a retry, the rest complete.
      for (const job of jobs) {
        try {
          await handler(job.data);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.logger.warn(`${name} job ${job.id} failed, will retry: ${message}`);
          // Without the database the failure cannot be recorded; the job stays active and expires into a retry.
          // Throwing here would fail the rest of the batch, which did succeed.
          await this.boss.fail(name, job.id, { message }).catch((failure: Error) => this.logger.warn(`${name} job ${job.id}: could not record the failure: ${failure.message}`));
        }
      }
    });
  }
}
