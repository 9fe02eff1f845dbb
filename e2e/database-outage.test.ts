import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startSite, type Site } from './support/harness.ts';
import { startPostgres, type TestPostgres } from './support/postgres.ts';

/**
 * The built app as a real process on a PostgreSQL server this test crashes (`pg_ctl stop -m immediate`) and
 * restarts underneath it, as a managed database's failover or a minor-version upgrade does.
 */
let postgres: TestPostgres;
let site: Site;
let databaseUrl: string;
const smtp = { held: [] as (() => void)[], holding: false };
let smtpServer: SMTPServer;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let addresses = 0;
/** Each submission comes from its own address: public forms allow 20 a minute per address. */
const nextAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

const submit = (marker: string) =>
  fetch(`${site.baseUrl}/api/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ name: 'Ruth', email: 'ruth@example.net', phone: '020 7946 0002', reason: 'prayer', message: marker }),
  });

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time:\n${site.output().slice(-3000)}`);
    await sleep(50);
  }
}

const healthy = () => fetch(`${site.baseUrl}/healthz`).then((r) => r.status === 200, () => false);

before(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE ministry');
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, '/ministry');

  // Accepts every message, except that while `holding` it keeps the reply back until the test lets it go.
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => (smtp.holding ? smtp.held.push(() => callback()) : callback()));
    },
  });
  await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtpServer.server.address() as AddressInfo).port;

  site = await startSite({
    DATABASE_URL: databaseUrl,
    // Production refuses the demo admin password.
    ADMIN_PASSWORD: 'Psalm-23-green-pastures-e2e',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
  });
});

after(async () => {
  await site?.stop();
  await new Promise<void>((resolve) => smtpServer?.close(() => resolve()));
  await postgres?.stop();
});

test('a job finishing while the database is down does not take the process down', { timeout: 60_000 }, async () => {
  smtp.holding = true;
  assert.equal((await submit('mail in flight')).status, 201);
  // The mail worker has the job and is waiting on the SMTP server's reply: take the database away now.
  await waitUntil('the e-mail reaching the SMTP server', () => smtp.held.length > 0);
  await postgres.crash();
  smtp.holding = false;
  for (const release of smtp.held.splice(0)) release();

  // The e-mail went, but the job cannot be recorded done without the database: that is logged, and it runs again later.
  await waitUntil('the failed completion being logged', () => site.output().includes('could not be recorded as done'));
  await sleep(500);
  assert.ok(site.running(), `the server exited:\n${site.output().slice(-3000)}`);

  await postgres.start();
  await waitUntil('the app serving again', healthy);
});

test('crashes under concurrent form submissions: acknowledged writes kept once, the rest 503, service back within 2 s', { timeout: 90_000 }, async (t) => {
  const outcomes = new Map<string, { status: number; retryAfter: string | null }>();
  const ROUNDS = 3;
  let round = 0;
  /** When the database accepted connections again, per round; and the first write acknowledged after that. */
  let restarted = Infinity;
  const recoveries: number[] = [];
  const firstWrites: number[] = [];
  let loading = true;
  const load = async () => {
    while (loading) {
      const marker = `outage-${round}-${Math.random().toString(36).slice(2)}`;
      const sent = Date.now();
      try {
        const response = await submit(marker);
        outcomes.set(marker, { status: response.status, retryAfter: response.headers.get('retry-after') });
        await response.body?.cancel();
        if (response.ok && sent >= restarted && firstWrites.length < Math.min(round, ROUNDS)) firstWrites.push(Date.now() - restarted);
      } catch (error) {
        outcomes.set(marker, { status: 0, retryAfter: String(error) });
      }
    }
  };

  const clients: Promise<void>[] = [];
  try {
    for (round = 1; round <= ROUNDS; round++) {
      restarted = Infinity;
      if (round === 1) clients.push(...Array.from({ length: 6 }, load));
      await sleep(400);
      await postgres.crash();
      await sleep(300);

      if (round === 1) {
        // What a load balancer, a GraphQL client and a visitor see while the database is away.
        assert.equal((await fetch(`${site.baseUrl}/healthz`)).status, 503);
        const graphql = await fetch(`${site.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
          body: JSON.stringify({ query: 'mutation { createQuestion(email: "naomi@example.net", question: "Is the hall open?") { id } }' }),
        });
        assert.equal(graphql.status, 503);
        assert.equal(graphql.headers.get('retry-after'), '5');
        const body = await graphql.json();
        assert.equal(body.errors[0].extensions.code, 'SERVICE_UNAVAILABLE');
        assert.equal(body.errors[0].extensions.http, undefined);
        const page = await fetch(`${site.baseUrl}/blog`);
        assert.equal(page.status, 503, 'a page whose data cannot be read answers 503');
        assert.equal(page.headers.get('retry-after'), '5');
        assert.match(await page.text(), /could not be shown just now/);
      }

      await postgres.start();
      restarted = Date.now();
      await waitUntil('the app serving again', healthy);
      const back = Date.now() - restarted;
      recoveries.push(back);
      assert.ok(back <= 2000, `the app served again ${back} ms after the database was back`);
      if (round === 1) assert.equal((await fetch(`${site.baseUrl}/blog`)).status, 200, 'pages render again');
      await waitUntil('a form submission acknowledged after the restart', () => firstWrites.length === round);
      assert.ok(site.running(), `the server exited in round ${round}:\n${site.output().slice(-3000)}`);
    }
  } finally {
    loading = false;
    await Promise.all(clients);
  }

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = await db.query<{ message: string; copies: number }>(
    `SELECT message, count(*)::int AS copies FROM contact_enquiries WHERE message LIKE 'outage-%' GROUP BY message`,
  );
  await db.end();
  const stored = new Map(rows.rows.map((row) => [row.message, row.copies]));

  const acknowledged = [...outcomes].filter(([, outcome]) => outcome.status >= 200 && outcome.status < 300);
  const refused = [...outcomes].filter(([, outcome]) => outcome.status < 200 || outcome.status >= 300);
  const storedRefused = refused.filter(([marker]) => stored.has(marker)).length;
  t.diagnostic(
    `${outcomes.size} submissions: ${acknowledged.length} acknowledged, ${refused.length} refused (${storedRefused} of them stored), ` +
      `${[...stored.values()].reduce((sum, copies) => sum + copies, 0)} rows stored; after each restart /healthz answered 200 in ` +
      `${recoveries.join(' / ')} ms and the first write was acknowledged in ${firstWrites.join(' / ')} ms`,
  );
  assert.ok(acknowledged.length > 0 && refused.length > 0, `both outcomes happened (${acknowledged.length} stored, ${refused.length} refused)`);
  for (const [marker] of acknowledged) assert.equal(stored.get(marker), 1, `acknowledged ${marker} is stored exactly once`);
  for (const [marker, outcome] of refused) {
    assert.deepEqual(outcome, { status: 503, retryAfter: '5' }, `refused ${marker} was answered 503 with Retry-After`);
    assert.ok((stored.get(marker) ?? 0) <= 1, `refused ${marker} is stored at most once`);
  }
  assert.ok(site.running());
});
