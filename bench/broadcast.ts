// A broadcast to many: how many messages a minute one sender hands to a mail server on loopback, one recipient at
// a time under its row lock, with the rate limit set out of the way.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { broadcastState, seedList, sendToList, startSmtpSink } from '../e2e/support/broadcasts.ts';
import { ADMIN, startSite, type Site } from '../e2e/support/harness.ts';
import { startPostgres } from '../e2e/support/postgres.ts';
import { logIn } from '../e2e/web-helpers.ts';

export interface BroadcastRun {
  recipients: number;
  seconds: number;
  messagesPerMinute: number;
  /** Recipients the mail server accepted more than once (must be 0). */
  sentTwice: number;
}

export async function measureBroadcast(recipients: number): Promise<BroadcastRun> {
  const postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase('broadcast');
  const sink = await startSmtpSink();
  const db = new pg.Client({ connectionString: databaseUrl });
  let site: Site | undefined;
  try {
    site = await startSite({
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(48).toString('base64'),
      PAYPAL_EMULATOR_SECRET: randomBytes(48).toString('base64'),
      MAIL_SEND_RATE_PER_MINUTE: '1000000',
    });
    await db.connect();
    const listId = await seedList(
      db,
      'Bench news',
      Array.from({ length: recipients }, (_, i) => `reader${i}@example.net`),
    );
    const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
    const began = Date.now();
    const id = await sendToList(site.baseUrl, admin.token, listId, 'Bench news of the week');
    while ((await broadcastState(db, id)).status !== 'Sent') await new Promise((resolve) => setTimeout(resolve, 250));
    const seconds = (Date.now() - began) / 1000;
    return {
      recipients,
      seconds: Number(seconds.toFixed(1)),
      messagesPerMinute: Math.round((sink.accepted.size / seconds) * 60),
      sentTwice: [...sink.accepted.values()].filter((count) => count > 1).length,
    };
  } finally {
    await db.end().catch(() => undefined);
    await site?.stop();
    await sink.close();
    await postgres.stop();
  }
}
