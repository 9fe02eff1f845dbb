// A broadcast to a thousand people survives its sender being killed halfway: a real process, SIGKILLed while the
// mail server has not yet answered a message, restarted on the same database, delivers every message exactly once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import pg from 'pg';
import { broadcastState, seedList, sendToList, startSmtpSink } from './support/broadcasts.ts';
import { ADMIN, startSite, type Site } from './support/harness.ts';
import { startPostgres } from './support/postgres.ts';
import { logIn } from './web-helpers.ts';

const DELIVERED = 1000;
const BUSY = 10;
const GONE = 5;

test('a broadcast to 1,000 people, its sender killed halfway and restarted, delivers each once; 451 later, 550 suppressed', { timeout: 300_000 }, async (t) => {
  const began = Date.now();
  const at = (what: string) => t.diagnostic(`${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);
  const postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase('mailing');
  const sink = await startSmtpSink({
    replyTo: (address, earlier) => (address.startsWith('busy') && earlier === 0 ? 451 : address.startsWith('gone') ? 550 : 250),
    holdMessage: DELIVERED / 2,
  });
  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    SEED_DEMO: 'false',
    JWT_SECRET: randomBytes(48).toString('base64'),
    PAYPAL_EMULATOR_SECRET: randomBytes(48).toString('base64'),
    MAIL_SEND_RATE_PER_MINUTE: '600000',
    MAIL_RETRY_SECONDS: '1',
  };
  const sites: Site[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    sites.push(await startSite(env));
    await db.connect();
    const addresses = [
      ...Array.from({ length: DELIVERED - BUSY }, (_, i) => `reader${i}@example.net`),
      ...Array.from({ length: BUSY }, (_, i) => `busy${i}@example.net`),
      ...Array.from({ length: GONE }, (_, i) => `gone${i}@example.net`),
    ];
    const listId = await seedList(db, 'Weekly news', addresses);
    const admin = await logIn(sites[0].baseUrl, ADMIN.email, ADMIN.password);
    const id = await sendToList(sites[0].baseUrl, admin.token, listId, 'News of the week');

    at('sent');
    await sink.held;
    at('held');
    await sites[0].kill();
    sites.push(await startSite({ ...env }, sites[0].dataDir));
    at('restarted');

    const deadline = Date.now() + 180_000;
    let state = await broadcastState(db, id);
    while (state.status !== 'Sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await broadcastState(db, id);
    }
    at('finished');
    assert.equal(state.status, 'Sent', `not finished: ${JSON.stringify(state)}`);
    assert.deepEqual(state.byStatus, { Sent: DELIVERED, Bounced: GONE });

    const twice = [...sink.accepted].filter(([, count]) => count > 1);
    assert.deepEqual(twice, [], 'nobody is sent the message twice');
    assert.equal(sink.accepted.size, DELIVERED);
    for (let i = 0; i < BUSY; i += 1) {
      assert.equal(sink.accepted.get(`busy${i}@example.net`), 1);
      assert.equal(sink.tries.get(`busy${i}@example.net`), 2, 'a 451 is tried again and delivered');
    }
    for (let i = 0; i < GONE; i += 1) {
      assert.equal(sink.tries.get(`gone${i}@example.net`), 1, 'a 550 is tried once');
      assert.equal(sink.accepted.has(`gone${i}@example.net`), false);
    }
    const suppressed = await db.query(`SELECT count(*)::int AS count FROM mail_suppressions WHERE reason = 'HardBounce'`);
    assert.equal(suppressed.rows[0].count, GONE);
  } finally {
    await db.end().catch(() => undefined);
    for (const site of sites.reverse()) await site.stop();
    await sink.close();
    await postgres.stop();
  }
});
