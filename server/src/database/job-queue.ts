import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from './database-url.js';
import { NotificationListener } from './notification-listener.js';

export interface SendOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  startAfter?: number;
  singletonKey?: string;
  /** At most one job of this name per slot of this many seconds (a daily job offered hourly). */
  singletonSeconds?: number;
}

/** pg-boss's tables: the jobs waiting or done, and those its maintenance has moved aside. */
const JOB_TABLES = ['pgboss.job', 'pgboss.archive'];

/** pg-boss running its statement on a transaction's connection, so the job commits or rolls back with it. */
function onConnectionOf(transaction: EntityManager): PgBoss.Db {
  const runner = transaction.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('a job joins a running transaction only');
  return { executeSql: async (text, values) => ({ rows: (await runner.query(text, values, true)).records }) };
}

/**
 * Durable background jobs (pg-boss) in the application's own PostgreSQL: shared by every instance, retried
 * with back-off, and kept across restarts. Handlers throw to ask for a retry. A queued job is announced on a
 * channel when it commits, so every instance's poller of its queue fetches it at once; polling finds what an
 * announcement missed (a retry coming due, a job queued while the listener reconnected).
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private static readonly CHANNEL = 'job_queued';
  private readonly queues = new Set<string>();
  /** Each queue's polling loop, and how to cut its pause short. */
  private readonly pollers = new Map<string, { done: Promise<void>; wake(): void }>();
  private readonly listener: NotificationListener;
  private stopping = false;

  constructor(@Inject(DATABASE_URL) url: string, @Inject(APP_CONFIG) config: AppConfig) {
    // pg-boss hands its options to node-postgres's Pool, whose connect timeout its typings leave out.
    const pool = { connectionTimeoutMillis: config.databaseConnectTimeoutMs };
    this.boss = new PgBoss({ connectionString: url, max: 2, schedule: false, supervise: true, ...pool });
    // Failed polls, maintenance and pool errors while the database is away: logged, and pg-boss carries on.
    this.boss.on('error', (error) => this.logger.error(error.message));
    const wakeAll = () => this.pollers.forEach((poller) => poller.wake());
    const handlers = { notified: (name: string) => this.pollers.get(name)?.wake(), reconnected: wakeAll };
    this.listener = new NotificationListener(url, JobQueue.CHANNEL, handlers, config.databaseConnectTimeoutMs);
  }

  async onModuleInit() {
    await this.boss.start();
    await this.listener.start();
  }

  /**
   * Lets each loop finish the job in hand and stop, then stops pg-boss: nothing of the queue runs once the app
   * has closed (pg-boss's own workers could still be polling a moment later, with nothing to wait for them).
   */
  async onApplicationShutdown() {
    this.stopping = true;
    await this.listener.stop();
    const pollers = [...this.pollers.values()];
    for (const poller of pollers) poller.wake();
    await Promise.all(pollers.map((poller) => poller.done));
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true });
  }

  private async ensureQueue(name: string) {
    if (this.queues.has(name)) return;
    await this.boss.createQueue(name);
    this.queues.add(name);
  }

  /**
   * Queues a job; with `transaction`, on that transaction's connection, so the job exists exactly when what the
   * transaction stores does (a stored request always gets its e-mail, a rolled-back one never does).
   */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}, transaction?: EntityManager): Promise<void> {
    await this.ensureQueue(name);
    const db = transaction ? onConnectionOf(transaction) : this.boss.getDb();
    await this.boss.send(name, data, { ...options, db });
    // In the transaction, the announcement goes out when it commits, and never when it rolls back.
    const announced = db.executeSql('SELECT pg_notify($1, $2)', [JobQueue.CHANNEL, name]);
    await (transaction ? announced : announced.catch((error: Error) => this.logger.warn(`${name}: job queued unannounced: ${error.message}`)));
  }

  /**
   * Deletes every job, of any queue, waiting, done or archived, whose data or failure mentions `text` (an erased
   * person's address).
   */
  async forget(text: string): Promise<void> {
    for (const table of JOB_TABLES) {
      await this.boss.getDb().executeSql(`DELETE FROM ${table} WHERE strpos(lower(coalesce(data::text, '') || coalesce(output::text, '')), lower($1)) > 0`, [text]);
    }
  }

  /**
   * Empties the data and failure of finished jobs: at once for those done (one whose emptying on completion
   * failed), and for those never done (given up on, or archived unrun) once they finished before `before`. What a
   * job carried (an e-mail and its address) is kept no longer than the retention schedule allows; waiting jobs
   * keep theirs, or they could not run. Answers how many were emptied.
   */
  async clearFinished(before: Date, transaction: EntityManager): Promise<number> {
    let cleared = 0;
    for (const table of JOB_TABLES) {
      const undone = table === 'pgboss.archive' ? `state NOT IN ('completed', 'cancelled')` : `state = 'failed'`;
      const [, count] = await transaction.query<[unknown, number]>(
        `UPDATE ${table} SET data = NULL, output = NULL
          WHERE (data IS NOT NULL OR output IS NOT NULL)
            AND (state IN ('completed', 'cancelled') OR (${undone} AND coalesce(completed_on, created_on) < $1))`,
        [before],
      );
      cleared += count;
    }
    return cleared;
  }

  /** Marks a job done and empties its data at once: a delivered e-mail's address stays nowhere in the queue. */
  private async completeAndClear(name: string, id: string): Promise<void> {
    try {
      await this.boss.complete(name, id);
    } catch (failure) {
      // Without the database it cannot be recorded done: it expires and runs again (at least once, never lost).
      this.logger.warn(`${name} job ${id} ran but could not be recorded as done: ${(failure as Error).message}`);
      return;
    }
    // A failure to empty its data is only logged; the retention schedule empties it later.
    await this.boss
      .getDb()
      .executeSql(`UPDATE pgboss.job SET data = NULL WHERE name = $1 AND id = $2 AND state = 'completed'`, [name, id])
      .catch((failure: Error) => this.logger.warn(`${name} job ${id}: could not empty its data: ${failure.message}`));
  }

  /**
   * Runs `handler` for each job of `name`: at once when one is announced, else polling every
   * `pollingIntervalSeconds` (a daily job less often than every second), and at once again after finding jobs.
   * Each job succeeds or fails on its own: a failed one is handed back for a retry, the rest complete.
   */
  async work<T extends object>(name: string, handler: (data: T) => Promise<void>, pollingIntervalSeconds = 1): Promise<void> {
    await this.ensureQueue(name);
    // A wake while the loop fetches or runs jobs skips its next pause: the job announced may have come too late.
    let woken = false;
    let endPause: (() => void) | undefined;
    const wake = () => (endPause ? endPause() : (woken = true));
    const pause = () =>
      new Promise<void>((resolve) => {
        if (woken) return resolve();
        const timer = setTimeout(() => endPause?.(), pollingIntervalSeconds * 1000);
        endPause = () => {
          clearTimeout(timer);
          endPause = undefined;
          resolve();
        };
      });
    const poll = async () => {
      while (!this.stopping) {
        woken = false;
        // A failed poll (the database away) is logged and tried again after the pause.
        const jobs = await this.boss.fetch<T>(name, { batchSize: 10 }).catch((error: Error) => {
          this.logger.error(`${name}: could not fetch jobs: ${error.message}`);
          return [];
        });
        for (const job of jobs) await this.run(name, job, handler);
        if (!jobs.length && !this.stopping) await pause();
      }
    };
    this.pollers.set(name, { done: poll(), wake });
  }

  private async run<T extends object>(name: string, job: PgBoss.Job<T>, handler: (data: T) => Promise<void>): Promise<void> {
    try {
      await handler(job.data);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`${name} job ${job.id} failed, will retry: ${message}`);
      // Without the database the failure cannot be recorded; the job stays active and expires into a retry.
      await this.boss.fail(name, job.id, { message }).catch((failure: Error) => this.logger.warn(`${name} job ${job.id}: could not record the failure: ${failure.message}`));
      return;
    }
    await this.completeAndClear(name, job.id);
  }
}
