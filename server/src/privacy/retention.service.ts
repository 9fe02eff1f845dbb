import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JobQueue } from '../database/job-queue.js';
import { IDEMPOTENCY_KEY_HOURS } from '../requests/idempotency.js';

/** One line of the retention schedule, as the privacy notice prints it. */
export interface RetentionRule {
  record: string;
  period: string;
  action: string;
}

/** What each form's sender wrote, blanked when its request is anonymised; who and how to reach them go too. */
const SENDER_TEXT: Record<string, string[]> = {
  contact_enquiries: ['name', 'email', 'phone', 'message'],
  questions: ['email', 'question'],
  counselling_requests: ['name', 'email', 'phone', 'description'],
  baptism_requests: ['name', 'email', 'phone'],
};
const KIND_OF: Record<string, string> = {
  contact_enquiries: 'ContactEnquiry',
  questions: 'Question',
  counselling_requests: 'CounsellingRequest',
  baptism_requests: 'BaptismRequest',
};

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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

  schedule(): RetentionRule[] {
    const { closedRequestsMonths, prayerRequestsMonths, signInsDays, outboxDays } = this.config.retention;
    return [
      { record: 'Contact enquiries, questions, counselling and baptism requests', period: `${closedRequestsMonths} months after they are closed`, action: 'Anonymised: name, contact details and message removed' },
      { record: 'Prayer requests', period: `${prayerRequestsMonths} months after they are closed or stop being shared`, action: 'Deleted, with their replies and notes' },
      { record: 'Sign-in history', period: `${signInsDays} days`, action: 'Deleted' },
      { record: 'Links sent to confirm an e-mail address or reset a password', period: 'Once used, or once expired (24 hours; 1 hour for a reset)', action: 'Deleted' },
      { record: 'A new e-mail address waiting for confirmation', period: 'Once no link can confirm it (24 hours after the last one was sent)', action: 'Deleted' },
      { record: 'Copies of e-mails sent, and e-mails that could not be delivered', period: `${outboxDays} days`, action: 'Deleted' },
      { record: 'Donations and book orders', period: 'Six years after the end of the accounting period they fall in', action: 'Kept for the accounts; without your name once you delete your account' },
      { record: 'Gift Aid declarations and claims', period: "Six years after the end of the charity's accounting year (a trust's: the tax year) of the last donation they cover", action: 'Kept as HMRC requires, even after you delete your account' },
    ];
  }

  private async ranToday(): Promise<boolean> {
    const [row] = await this.dataSource.query<{ ran: boolean }[]>(`SELECT EXISTS (SELECT 1 FROM audit_events WHERE action = 'retention.run' AND at >= date_trunc('day', now())) AS ran`);
    return row.ran;
  }

  /** One pass of the schedule as of `now`; answers what it did. */
  async run(now: Date): Promise<string> {
    const { closedRequestsMonths, prayerRequestsMonths, signInsDays, outboxDays } = this.config.retention;
    const done: string[] = [];
    await this.dataSource.transaction(async (manager) => {
      for (const [table, columns] of Object.entries(SENDER_TEXT)) {
        const rows: { id: number }[] = await manager.query(
          `UPDATE ${table} SET ${columns.map((column) => `${column} = ''`).join(', ')}, note = NULL, anonymised_at = $1
            WHERE status = 'Closed' AND anonymised_at IS NULL AND closed_at < $1::timestamptz - make_interval(months => $2) RETURNING id`,
          [now, closedRequestsMonths],
        ).then(([updated]: [{ id: number }[]]) => updated);
        if (!rows.length) continue;
        await manager.query(`UPDATE care_events SET body = NULL WHERE kind = $1 AND request_id = ANY($2::int[])`, [KIND_OF[table], rows.map((row) => row.id)]);
        done.push(`${rows.length} ${table.replace(/_/g, ' ')} anonymised`);
      }
      const [, prayers] = await manager.query<[unknown, number]>(
        `DELETE FROM prayer_requests WHERE coalesce(closed_at, expires_at) < $1::timestamptz - make_interval(months => $2)`,
        [now, prayerRequestsMonths],
      );
      if (prayers) done.push(`${prayers} prayer requests deleted`);
      const [, signIns] = await manager.query<[unknown, number]>(`DELETE FROM sign_ins WHERE at < $1::timestamptz - make_interval(days => $2)`, [now, signInsDays]);
      if (signIns) done.push(`${signIns} sign-ins deleted`);
      const mailBefore = new Date(now.getTime() - outboxDays * 24 * HOUR_MS);
      const outbox = await this.pruneOutbox(mailBefore);
      if (outbox) done.push(`${outbox} outbox files deleted`);
      // A job's data is the e-mail itself: a delivered one's is emptied at delivery (here if that failed), an undelivered one's after the period.
      const jobs = await this.jobs.clearFinished(mailBefore, manager);
      if (jobs) done.push(`${jobs} finished jobs emptied`);
      const [, keys] = await manager.query<[unknown, number]>(`DELETE FROM idempotency_keys WHERE created_at < $1::timestamptz - make_interval(hours => $2)`, [now, IDEMPOTENCY_KEY_HOURS]);
      if (keys) done.push(`${keys} idempotency keys forgotten`);
      // A new address typed in for a change is kept only while a link can still confirm it: it may be anyone's.
      const [, pending] = await manager.query<[unknown, number]>(
        `UPDATE users u SET pending_email = NULL, updated_at = now() WHERE u.pending_email IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM email_verification_tokens v WHERE v.user_id = u.id AND v.email = u.pending_email AND v.used_at IS NULL AND v.expires_at >= $1)`,
        [now],
      );
      if (pending) done.push(`${pending} unconfirmed new addresses forgotten`);
      let links = 0;
      for (const table of ['email_verification_tokens', 'password_reset_tokens']) {
        const [, deleted] = await manager.query<[unknown, number]>(`DELETE FROM ${table} WHERE used_at IS NOT NULL OR expires_at < $1`, [now]);
        links += deleted;
      }
      if (links) done.push(`${links} used or expired links forgotten`);
      await this.audit.record(null, null, { action: 'retention.run', detail: done.join('; ') || 'nothing was due' }, manager);
    });
    this.logger.log(`retention: ${done.join('; ') || 'nothing was due'}`);
    return done.join('; ');
  }

  /** Copies of mail written to DATA_DIR/outbox (when no SMTP server is set) older than `before`. */
  private async pruneOutbox(before: Date): Promise<number> {
    const folder = join(this.config.dataDir, 'outbox');
    const names = await readdir(folder).catch(() => [] as string[]);
    let deleted = 0;
    for (const name of names) {
      const file = join(folder, name);
      if ((await stat(file)).mtime < before) {
        await unlink(file);
        deleted += 1;
      }
    }
    return deleted;
  }
}
