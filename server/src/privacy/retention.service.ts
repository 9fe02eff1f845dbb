import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/index.js';
import { JobQueue } from '../database/job-queue.js';
import { PublicReadCache } from '../http-cache/public-read-cache.js';
import type { RetentionRule } from './personal-data-source.js';
import { PersonalDataSources } from './personal-data-sources.js';

const RETENTION_QUEUE = 'retention';
const HOUR_MS = 60 * 60 * 1000;
/** A daily job need not be picked up within the second. */
const RETENTION_POLL_SECONDS = 60;

/**
 * Applies the retention schedule (configuration, README's table) once a day: a pg-boss job that every instance
 * offers each hour, which runs once per day whichever offers it (a run is on the audit trail, and the next waits
 * for the next day). `run(now)` takes the clock as an argument, so
 * the schedule is tested by moving the clock, not by waiting. What it did goes on the audit trail.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Retention');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly sources: PersonalDataSources,
    private readonly publicCache: PublicReadCache,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.work<{ day: string }>(
      RETENTION_QUEUE,
      async () => {
        if (!(await this.ranToday())) await this.run(new Date());
      },
      RETENTION_POLL_SECONDS,
    );
    // pg-boss lets through one offer per 12 hours (its longest throttle); the audit trail makes it once a day.
    const offer = () => this.jobs.send(RETENTION_QUEUE, { day: new Date().toISOString().slice(0, 10) }, { singletonSeconds: 12 * 60 * 60 }).catch((error: Error) => this.logger.warn(`could not offer the daily run: ${error.message}`));
    this.timer = setInterval(() => void offer(), HOUR_MS).unref();
    await offer();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** Every feature's lines of the schedule (configuration, README's table), as the privacy notice prints them. */
  schedule(): RetentionRule[] {
    return this.sources.schedule();
  }

  private async ranToday(): Promise<boolean> {
    const [row] = await this.dataSource.query<{ ran: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM audit_events WHERE action = 'retention.run' AND at >= date_trunc('day', now())) AS ran`);
    return row.ran;
  }

  /** One pass of the schedule as of `now`, every feature's part in one transaction; answers what it did. */
  async run(now: Date): Promise<string> {
    const { done, afterCommit } = await this.dataSource.transaction(async (manager) => {
      const applied = await this.sources.applyRetention(now, manager);
      await this.audit.record(null, null, { action: 'retention.run', detail: applied.done.join('; ') || 'nothing was due' }, manager);
      return applied;
    });
    // Files cannot roll back: they go only once the run that decided it has committed.
    for (const work of afterCommit) await work();
    // What went (a prayer off the wall, a testimony) went by SQL the cache's write listener does not see.
    if (done.length) await this.publicCache.clearEverywhere().catch((error: Error) => this.logger.warn(`could not empty the public caches after the run: ${error.message}`));
    this.logger.log(`retention: ${done.join('; ') || 'nothing was due'}`);
    return done.join('; ');
  }
}
