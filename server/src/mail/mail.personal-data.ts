import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JobQueue } from '../database/job-queue.js';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';
import { MAIL_QUEUE, MailService } from './mail.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Mail waiting in the queue or kept after it (pg-boss's own tables), and the outbox's copies on disk. */
@PersonalDataSource()
@Injectable()
export class MailPersonalData implements PersonalDataContribution {
  readonly tables = ['pgboss.job', 'pgboss.archive'];

  constructor(
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  uses() {
    return [
      {
        record: 'E-mails we send you',
        purposes: ['to send what you asked for or what your requests need: confirmations, replies, receipts'],
        recipients: ['Our e-mail provider, which delivers them'],
      },
    ];
  }

  /**
   * The e-mails to the proved address still in the queue, or given up on: a delivered one's job keeps nothing, and
   * the person has it. Subject, time and state only: the message itself is what reaches them, and its job also holds
   * others' addresses (Reply-To).
   */
  async export({ provenEmail }: DataSubject, manager: EntityManager) {
    if (provenEmail === null) return { emails: [] };
    const queued = (table: string) =>
      `SELECT data->>'subject' AS subject, created_on AS "queuedAt",
              CASE state WHEN 'completed' THEN 'Sent' WHEN 'failed' THEN 'Could not be delivered' WHEN 'cancelled' THEN 'Not sent' ELSE 'Waiting to be sent' END AS status
         FROM ${table} WHERE name = $2 AND lower(data->>'to') = lower($1)`;
    const emails = await manager.query<Record<string, unknown>[]>(`${this.tables.map(queued).join(' UNION ALL ')} ORDER BY "queuedAt"`, [provenEmail.trim(), MAIL_QUEUE]);
    return { emails };
  }

  /**
   * Forgets every queued or kept message that mentions the address, and the outbox's copies of them, once the
   * erasure has committed (the queue has its own connection; files cannot roll back). Mail to an unproved address
   * may be a visitor's (a form's acknowledgement, a pastor's reply): it stays.
   */
  async erase({ provenEmail }: DataSubject) {
    if (provenEmail === null) return;
    const address = provenEmail.trim();
    return {
      afterCommit: async () => {
        await this.mail.forget(address);
        await this.mail.removeOutboxCopies(await this.mail.outboxCopiesMentioning(address));
      },
    };
  }

  retention() {
    return { rank: 30, rules: [{ record: 'Copies of e-mails sent, and e-mails that could not be delivered', period: `${this.config.retention.outboxDays} days`, action: 'Deleted' }] };
  }

  /** The outbox's copies due are counted here and deleted only once the run has committed. */
  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const before = new Date(now.getTime() - this.config.retention.outboxDays * DAY_MS);
    const done: string[] = [];
    const copies = await this.mail.outboxCopiesBefore(before);
    if (copies.length) done.push(`${copies.length} outbox files deleted`);
    // A job's data is the e-mail itself: a delivered one's is emptied at delivery (here if that failed), an undelivered one's after the period.
    const jobs = await this.jobs.clearFinished(before, manager);
    if (jobs) done.push(`${jobs} finished jobs emptied`);
    return { done, afterCommit: () => this.mail.removeOutboxCopies(copies) };
  }
}
