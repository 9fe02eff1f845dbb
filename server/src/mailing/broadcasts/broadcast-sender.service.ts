import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobQueue } from '../../database/job-queue.js';
import { MailService } from '../../mail/index.js';
import { CURRENT_SUBSCRIPTIONS } from '../lists/consent-ledger.js';
import { addressHash, suppress } from '../suppressions.js';
import { isMarketing, recipientsSql } from './audience.js';
import type { Audience } from './broadcast.entity.js';
import { announceDue } from './announcements.js';
import { LettersService } from './letters.service.js';

const SEND_QUEUE = 'broadcast-send';
const MINUTE_MS = 60_000;
/** A message a server keeps deferring is given up this long after sending began (RFC 5321 §4.5.4.1: "at least 4-5 days"). */
const RETRY_WINDOW_HOURS = 5 * 24;
/** Only one instance sends at a time, so the rate holds across instances; the lock goes with its connection if it dies. */
const SENDER_LOCK = 602_177;

type Claimed = {
  id: string;
  email: string;
  subscriber_id: number | null;
  attempts: number;
  broadcast_id: number;
  subject: string;
  body: string;
  audience: Audience;
  list_name: string | null;
};

const smtpCode = (error: unknown) => (error as { responseCode?: number }).responseCode;
const replyOf = (error: unknown) => String((error as { response?: string }).response ?? (error as Error).message).slice(0, 500);

/**
 * Sends broadcasts, one recipient at a time: each recipient's row is claimed under its lock (`FOR UPDATE SKIP
 * LOCKED`) in a transaction that stays open while the mail server answers and records the answer, so a killed
 * instance's claim is rolled back and sent once by whoever sends next; a recipient recorded Sent is never sent
 * again. At most `MAIL_SEND_RATE_PER_MINUTE` a minute. Woken by `sendBroadcast`, by a pg-boss job offered every
 * minute (scheduled broadcasts, announcements, retries), and at start (a restart carries on).
 */
@Injectable()
export class BroadcastSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Broadcasts');
  private running?: Promise<void>;
  private again = false;
  private stopping = false;
  private timer?: NodeJS.Timeout;
  private cutPause = () => undefined as void;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly letters: LettersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.work(SEND_QUEUE, async () => this.wake(), 30);
    const offer = () =>
      this.jobs.send(SEND_QUEUE, {}, { singletonSeconds: 60 }).catch((error: Error) => this.logger.warn(`could not offer the sender: ${error.message}`));
    this.timer = setInterval(() => void offer(), MINUTE_MS).unref();
    this.wake();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    this.stopping = true;
    this.cutPause();
    await this.running;
  }

  /** Starts sending on this instance, or makes the running loop look again at once. */
  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      this.cutPause();
      return;
    }
    this.running = this.run()
      .catch((error: Error) => this.logger.error(`sending stopped: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  private async run() {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [SENDER_LOCK]);
      if (!locked) return;
      try {
        await this.sendAll(runner);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [SENDER_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  private async sendAll(runner: QueryRunner) {
    const gap = MINUTE_MS / this.config.mailSendRatePerMinute;
    while (!this.stopping) {
      this.again = false;
      await this.startDue(new Date());
      if (await this.sendOne(runner, new Date())) {
        if (gap >= 1) await this.pause(gap);
        continue;
      }
      // Nothing due now: a broadcast whose recipients are all done is finished even while another waits to retry.
      await this.finishDone();
      const wait = await this.untilNextRetry(new Date());
      if (wait === null) {
        if (!this.again) return;
      } else await this.pause(Math.min(wait, MINUTE_MS));
    }
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.cutPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Announcements due, and scheduled broadcasts whose time has come: their recipients fixed, sending begun. */
  async startDue(now: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await announceDue(manager, now, this.config);
      const due = await manager.query<{ id: number; audience: Audience }[]>(
        `SELECT id, audience FROM broadcasts WHERE status = 'Scheduled' AND scheduled_at <= $1 ORDER BY scheduled_at FOR UPDATE SKIP LOCKED`,
        [now],
      );
      for (const broadcast of due) await startSending(manager, broadcast.id, broadcast.audience, now);
    });
  }

  /** Claims, sends and records one recipient due now; false when none is. */
  private async sendOne(runner: QueryRunner, now: Date): Promise<boolean> {
    await runner.startTransaction();
    try {
      const [claimed] = await runner.manager.query<Claimed[]>(
        `SELECT r.id::text AS id, r.email, r.subscriber_id, r.attempts, b.id AS broadcast_id, b.subject, b.body, b.audience, l.name AS list_name
           FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id LEFT JOIN mailing_lists l ON l.id = b.list_id
          WHERE b.status = 'Sending' AND r.status IN ('Queued', 'Deferred') AND r.next_attempt_at <= $1
            AND b.started_at > $1::timestamptz - make_interval(hours => $2)
          ORDER BY r.next_attempt_at, r.id LIMIT 1 FOR UPDATE OF r SKIP LOCKED`,
        [now, RETRY_WINDOW_HOURS],
      );
      if (!claimed) {
        await runner.commitTransaction();
        return false;
      }
      await this.deliverClaimed(runner, claimed, now);
      await runner.commitTransaction();
      return true;
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  }

  private async deliverClaimed(runner: QueryRunner, claimed: Claimed, now: Date) {
    const skipped = await this.notToBeSent(runner, claimed);
    if (skipped) return this.mark(runner, claimed.id, skipped.status, skipped.reply, false);
    const source = { id: claimed.broadcast_id, subject: claimed.subject, body: claimed.body, audience: claimed.audience, listName: claimed.list_name };
    const message = await this.letters.messageFor(source, { id: claimed.id, email: claimed.email, subscriberId: claimed.subscriber_id });
    try {
      const reply = await this.mail.deliver(message, { bulk: true });
      await this.mark(runner, claimed.id, 'Sent', reply, true);
    } catch (error) {
      const code = smtpCode(error);
      if (code && code >= 500) {
        await this.mark(runner, claimed.id, 'Bounced', replyOf(error), true);
        await suppress(runner.manager, claimed.email, 'HardBounce');
        return;
      }
      // 4xx, or no answer at all (the server down): tried again later, doubling the wait; never suppressed.
      const waitSeconds = this.config.mailRetrySeconds * 2 ** claimed.attempts;
      await runner.query(
        `UPDATE broadcast_recipients SET status = 'Deferred', attempts = attempts + 1, last_reply = $2, next_attempt_at = $3, updated_at = now() WHERE id = $1`,
        [claimed.id, replyOf(error), new Date(now.getTime() + waitSeconds * 1000)],
      );
    }
  }

  /** Someone who left the list, or an address suppressed, since the recipients were fixed: not sent, and why. */
  private async notToBeSent(runner: QueryRunner, claimed: Claimed): Promise<{ status: 'Unsubscribed' | 'Bounced' | 'Complained'; reply: string } | null> {
    const [suppressed] = await runner.manager.query<{ reason: string }[]>(`SELECT reason FROM mail_suppressions WHERE address_hash = $1`, [
      addressHash(claimed.email),
    ]);
    if (suppressed) return { status: suppressed.reason === 'Complaint' ? 'Complained' : 'Bounced', reply: 'Not sent: the address is on the suppression list' };
    if (!isMarketing(claimed.audience)) return null;
    const [still] = await runner.manager.query<unknown[]>(`SELECT 1 FROM (${CURRENT_SUBSCRIPTIONS}) c WHERE c.subscriber_id = $1 AND c.list_id = $2`, [
      claimed.subscriber_id,
      claimed.audience.listId,
    ]);
    return still ? null : { status: 'Unsubscribed', reply: 'Not sent: unsubscribed before it went' };
  }

  private async mark(runner: QueryRunner, id: string, status: string, reply: string, attempted: boolean) {
    await runner.query(
      `UPDATE broadcast_recipients SET status = $2::varchar, last_reply = $3, attempts = attempts + $4::int,
              sent_at = CASE WHEN $2::varchar = 'Sent' THEN now() ELSE sent_at END, updated_at = now() WHERE id = $1`,
      [id, status, reply.slice(0, 500), attempted ? 1 : 0],
    );
  }

  /** Milliseconds until the next deferred message is due, or null when nothing is left to send. */
  private async untilNextRetry(now: Date): Promise<number | null> {
    const [{ next }] = await this.dataSource.query<{ next: Date | null }[]>(
      `SELECT min(r.next_attempt_at) AS next FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
        WHERE b.status = 'Sending' AND r.status IN ('Queued', 'Deferred') AND b.started_at > $1::timestamptz - make_interval(hours => $2)`,
      [now, RETRY_WINDOW_HOURS],
    );
    return next ? Math.max(0, next.getTime() - now.getTime()) : null;
  }

  /** Broadcasts with nobody left to try are Sent (those still deferred past the retry window stay Deferred). */
  private async finishDone() {
    // A bare UPDATE … RETURNING comes back from TypeORM as [rows, count]; a SELECT around it answers the rows.
    const done = await this.dataSource.query<{ id: number }[]>(
      `WITH finished AS (
         UPDATE broadcasts b SET status = 'Sent', sent_at = now() WHERE status = 'Sending'
            AND NOT EXISTS (SELECT 1 FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND r.status IN ('Queued', 'Deferred')
                            AND b.started_at > now() - make_interval(hours => $1))
         RETURNING id)
       SELECT id FROM finished`,
      [RETRY_WINDOW_HOURS],
    );
    for (const { id } of done) this.logger.log(`broadcast ${id} sent`);
  }
}

/** Fixes a broadcast's recipients (one row each) and starts it, in the caller's transaction. */
export async function startSending(manager: import('typeorm').EntityManager, broadcastId: number, audience: Audience, now: Date): Promise<void> {
  const { sql, params } = recipientsSql(audience);
  const offset = params.length;
  await manager.query(
    `INSERT INTO broadcast_recipients (broadcast_id, subscriber_id, email) SELECT $${offset + 1}, r.subscriber_id, r.email FROM (${sql}) r ON CONFLICT DO NOTHING`,
    [...params, broadcastId],
  );
  await manager.query(`UPDATE broadcasts SET status = 'Sending', started_at = $2 WHERE id = $1`, [broadcastId, now]);
}
