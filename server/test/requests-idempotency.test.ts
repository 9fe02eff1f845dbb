import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { RetentionService } from '../src/privacy/retention.service.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const STAFF = 'team@test.example';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh client address per call, so the per-address limits never bite here. */
let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `198.51.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};

const contact = (message: string, email = 'mary@test.example') => ({ name: 'Mary Jones', email, phone: '+44 20 7946 0000', reason: 'prayer', message });

const QUESTION = 'mutation Ask($email: String!, $question: String!) { createQuestion(email: $email, question: $question) { id createdAt } }';

describe('public forms sent more than once', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;

  /** The legacy contact form, under `key` when one is given. */
  const postContact = (body: object, key?: string) => {
    const call = t.http.post('/api/contact-us').set('x-forwarded-for', nextAddress());
    return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body);
  };
  /** The question form through GraphQL, under `key`. */
  const askQuestion = async (email: string, question: string, key: string) =>
    (await t.http.post('/graphql').set('x-forwarded-for', nextAddress()).set('Idempotency-Key', key).send({ query: QUESTION, variables: { email, question } })).body;
  const countWhere = async (table: string, column: string, value: string) =>
    (await t.db.query(`SELECT count(*)::int AS count FROM ${table} WHERE ${column} = $1`, [value]))[0].count as number;
  /** Every row of pg-boss's tables (waiting, done or archived jobs) whose data or output mentions `text`. */
  const jobsMentioning = (text: string) =>
    t.db.query<{ place: string; state: string }[]>(
      `SELECT 'job' AS place, state FROM pgboss.job WHERE strpos(lower(coalesce(data::text, '') || coalesce(output::text, '')), lower($1)) > 0
       UNION ALL
       SELECT 'archive', state FROM pgboss.archive WHERE strpos(lower(coalesce(data::text, '') || coalesce(output::text, '')), lower($1)) > 0`,
      [text],
    );
  /** Waits for what the worker does in the background: the test's own timeout bounds it. */
  const eventually = async (check: () => Promise<boolean>) => {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: STAFF });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores a legacy contact form once when the same key is sent twice, and answers the same both times', async () => {
    const key = randomUUID();
    const message = `Please pray for us ${key}`;
    const first = await postContact(contact(message), key).expect(201);
    const second = await postContact(contact(message), key).expect(201);

    expect(second.body).toEqual(first.body);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(1);
    await postContact(contact(message), randomUUID()).expect(201);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(2);
  });

  it('stores a GraphQL question once when the same key is sent twice, and a second under another key', async () => {
    const key = randomUUID();
    const question = `Is the hall open on Sunday? ${key}`;
    const first = await askQuestion('asker@test.example', question, key);
    const second = await askQuestion('asker@test.example', question, key);

    expect(first.errors).toBeUndefined();
    expect(second).toEqual(first);
    expect(await countWhere('questions', 'question', question)).toBe(1);
    expect((await askQuestion('asker@test.example', question, randomUUID())).data.createQuestion.id).not.toBe(first.data.createQuestion.id);
    expect(await countWhere('questions', 'question', question)).toBe(2);
  });

  it('takes what the forms trim and lower-case as the same submission', async () => {
    const key = randomUUID();
    const message = `Same words ${key}`;
    const first = await postContact(contact(message, 'Mary@Test.Example'), key).expect(201);
    const second = await postContact({ ...contact(`  ${message} `), name: ' Mary Jones ' }, key).expect(201);
    expect(second.body).toEqual(first.body);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(1);
  });

  it('refuses a key reused with different details with 422 naming the header, and stores nothing more', async () => {
    const key = randomUUID();
    await postContact(contact(`First words ${key}`), key).expect(201);
    const refused = await postContact(contact(`Other words ${key}`), key).expect(422);
    expect(refused.body.errors[0]).toEqual({ msg: expect.stringMatching(/already/), path: 'Idempotency-Key' });
    expect(await countWhere('contact_enquiries', 'message', `Other words ${key}`)).toBe(0);

    const questionKey = randomUUID();
    await askQuestion('first@test.example', `A question ${questionKey}`, questionKey);
    const viaGraphQL = await askQuestion('someone-else@test.example', `A question ${questionKey}`, questionKey);
    expect(viaGraphQL.errors[0].extensions).toMatchObject({ code: 'UNPROCESSABLE', field: 'Idempotency-Key' });
    expect(viaGraphQL.errors[0].message).not.toContain('first@test.example');
    expect(await countWhere('questions', 'email', 'someone-else@test.example')).toBe(0);
  });

  it('keeps a key to its form: the same key on another form is another submission', async () => {
    const key = randomUUID();
    const contactAnswer = await postContact(contact(`Across forms ${key}`), key).expect(201);
    const questionAnswer = await askQuestion('across@test.example', `Across forms ${key}`, key);
    expect(questionAnswer.errors).toBeUndefined();
    expect(await countWhere('contact_enquiries', 'message', `Across forms ${key}`)).toBe(1);
    expect(await countWhere('questions', 'question', `Across forms ${key}`)).toBe(1);
    expect(contactAnswer.body.id).toBeGreaterThan(0);
  });

  it('stores once when submissions with one key arrive at the same moment, and answers each the same', async () => {
    const key = randomUUID();
    const message = `All at once ${key}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => postContact(contact(message), key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(1);
  });

  it('refuses a malformed key with 400 naming the header, on REST and GraphQL, and stores nothing', async () => {
    const message = `Hostile keys ${randomUUID()}`;
    for (const key of ['x'.repeat(10_000), 'short', '<script>alert(1)</script>-long-enough', 'a key with spaces in it', 'mary@test.example-0123456789']) {
      const refused = await postContact(contact(message), key).expect(400);
      expect(refused.body.errors[0].path).toBe('Idempotency-Key');
      const viaGraphQL = await askQuestion('hostile@test.example', message, key);
      expect(viaGraphQL.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'Idempotency-Key' });
    }
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(0);
    expect(await countWhere('questions', 'question', message)).toBe(0);
  });

  it('takes a key sent as a structured-field string ("…") as the same key', async () => {
    const key = randomUUID();
    const message = `Quoted ${key}`;
    const first = await postContact(contact(message), key).expect(201);
    const quoted = await postContact(contact(message), `"${key}"`).expect(201);
    expect(quoted.body).toEqual(first.body);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(1);
  });

  it('keeps no personal data with a key: only hashes, the form and the record', async () => {
    const key = randomUUID();
    await postContact(contact(`Hashed ${key}`, 'hidden-sender@test.example'), key).expect(201);
    const rows: Record<string, unknown>[] = await t.db.query('SELECT * FROM idempotency_keys');
    const stored = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('hidden-sender');
    expect(stored).not.toContain('Hashed');
  });

  it("stores a member's prayer request once under one key, on GraphQL and the legacy path, and refuses that key to another member", async () => {
    const [member, other] = [await t.member(), await t.member()];
    const key = randomUUID();
    const title = `Healing ${key.slice(0, 8)}`;
    const pray = (token: string) =>
      t.http
        .post('/graphql')
        .set('authorization', `Bearer ${token}`)
        .set('Idempotency-Key', key)
        .send({ query: 'mutation($title: String!) { createPrayerRequest(title: $title, body: "For my mother") { id createdAt } }', variables: { title } });
    const first = (await pray(member.token)).body;
    expect(first.errors).toBeUndefined();
    expect((await pray(member.token)).body).toEqual(first);
    expect(await countWhere('prayer_requests', 'title', title)).toBe(1);

    const refused = (await pray(other.token)).body;
    expect(refused.errors[0].extensions).toMatchObject({ code: 'UNPROCESSABLE', field: 'Idempotency-Key' });
    expect(refused.data).toBeNull();
    expect(await countWhere('prayer_requests', 'title', title)).toBe(1);

    const legacyKey = randomUUID();
    const legacy = () =>
      t.http.post('/api/make-prayer-request').set('authorization', `Bearer ${member.token}`).set('Idempotency-Key', legacyKey).send({ title: `Legacy ${legacyKey}`, body: 'Thanks', usersId: member.id });
    const made = await legacy().expect(201);
    expect((await legacy().expect(201)).body).toEqual(made.body);
    expect(await countWhere('prayer_requests', 'title', `Legacy ${legacyKey}`)).toBe(1);
  });

  it('refuses with 503 and stores nothing when the queue cannot take the e-mail; the retry with the same key stores once and the mail arrives', async () => {
    const sender = `retry-${randomUUID().slice(0, 8)}@test.example`;
    const key = randomUUID();
    const message = `Stored with its mail ${key}`;
    await t.db.query(`CREATE FUNCTION pgboss.refuse_mail_jobs() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the queue is refusing jobs'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_mail_jobs BEFORE INSERT ON pgboss.job FOR EACH ROW WHEN (NEW.name = 'mail') EXECUTE FUNCTION pgboss.refuse_mail_jobs()`);
    try {
      const refused = await postContact(contact(message, sender), key).expect(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await countWhere('contact_enquiries', 'message', message)).toBe(0);
      const viaGraphQL = await askQuestion(sender, message, key);
      expect(viaGraphQL.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(await countWhere('questions', 'question', message)).toBe(0);
    } finally {
      await t.db.query('DROP TRIGGER refuse_mail_jobs ON pgboss.job');
      await t.db.query('DROP FUNCTION pgboss.refuse_mail_jobs()');
    }

    const stored = await postContact(contact(message, sender), key).expect(201);
    const again = await postContact(contact(message, sender), key).expect(201);
    expect(again.body).toEqual(stored.body);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(1);
    await smtp.waitFor((mail) => mail.to.includes(STAFF) && mail.subject === `New contact enquiry #${stored.body.id}`);
    await smtp.waitFor((mail) => mail.to.includes(sender));
  });

  it('keeps no address in a mail job once the mail is delivered', async () => {
    const sender = `delivered-${randomUUID().slice(0, 8)}@test.example`;
    await askQuestion(sender, 'Is there parking?', randomUUID());
    await smtp.waitFor((mail) => mail.to.includes(sender));
    await eventually(async () => (await jobsMentioning(sender)).length === 0);
    expect(await jobsMentioning(sender)).toEqual([]);
  });

  /** A mail job that pg-boss gave up on (its last retry refused), and a copy of it as pg-boss archives finished jobs. */
  const arrangeUndelivered = async (address: string) => {
    const [{ id }] = await t.db.query(
      `INSERT INTO pgboss.job (name, data, state, completed_on, output, start_after)
       VALUES ('mail', jsonb_build_object('to', $1::text, 'subject', 'Your message has been received', 'text', 'Thank you'), 'failed', now(), jsonb_build_object('message', '550 <' || $1 || '> mailbox unavailable'), now() + interval '1 day')
       RETURNING id`,
      [address],
    );
    await t.db.query(`INSERT INTO pgboss.archive SELECT *, now() FROM pgboss.job WHERE id = $1`, [id]);
    await t.db.query(`UPDATE pgboss.archive SET id = gen_random_uuid() WHERE id = $1`, [id]);
  };

  it('clears undelivered e-mail from the queue and its archive on the retention schedule, delivered e-mail at once, and leaves waiting mail alone', async () => {
    const undelivered = `undelivered-${randomUUID().slice(0, 8)}@test.example`;
    const waiting = `waiting-${randomUUID().slice(0, 8)}@test.example`;
    const delivered = `delivered-late-${randomUUID().slice(0, 8)}@test.example`;
    await arrangeUndelivered(undelivered);
    // Delivered, but its data was not emptied then (the database went away at that moment).
    await t.db.query(
      `INSERT INTO pgboss.job (name, data, state, completed_on, start_after) VALUES ('mail', jsonb_build_object('to', $1::text, 'subject', 'Done', 'text', 'Done'), 'completed', now(), now() + interval '1 day')`,
      [delivered],
    );
    await t.db.query(
      `INSERT INTO pgboss.job (name, data, start_after) VALUES ('mail', jsonb_build_object('to', $1::text, 'subject', 'Later', 'text', 'Later'), now() + interval '1 year')`,
      [waiting],
    );
    const retention = t.app.get(RetentionService);

    await retention.run(new Date());
    expect(await jobsMentioning(delivered)).toEqual([]);
    expect((await jobsMentioning(undelivered)).length).toBe(2);
    await retention.run(new Date(Date.now() + (t.config.retention.outboxDays + 1) * DAY_MS));
    expect(await jobsMentioning(undelivered)).toEqual([]);
    expect(await jobsMentioning(waiting)).toEqual([{ place: 'job', state: 'created' }]);
  });

  it('forgets a key after a day, so the same key then stores a new record', async () => {
    const key = randomUUID();
    const message = `A day later ${key}`;
    await postContact(contact(message), key).expect(201);
    await t.app.get(RetentionService).run(new Date(Date.now() + 2 * DAY_MS));
    expect((await t.db.query('SELECT count(*)::int AS count FROM idempotency_keys'))[0].count).toBe(0);
    await postContact(contact(message), key).expect(201);
    expect(await countWhere('contact_enquiries', 'message', message)).toBe(2);
  });

  it('erases an address from waiting, failed and archived jobs of every queue when the visitor asks to be forgotten', async () => {
    const visitor = `Forget-Me-${randomUUID().slice(0, 8)}@test.example`;
    await arrangeUndelivered(visitor.toLowerCase());
    await t.db.query(`INSERT INTO pgboss.job (name, data, start_after) VALUES ('mail', jsonb_build_object('to', $1::text, 'subject', 'Later', 'text', 'Later'), now() + interval '1 year')`, [visitor]);
    await t.db.query(`INSERT INTO pgboss.job (name, data, start_after) VALUES ('password-reset', jsonb_build_object('email', $1::text), now() + interval '1 year')`, [visitor]);
    expect((await jobsMentioning(visitor)).length).toBe(4);

    const erased = await t.gql('mutation($email: String!) { eraseVisitorRecords(email: $email) }', { email: visitor }, admin);
    expect(erased.errors).toBeUndefined();
    expect(await jobsMentioning(visitor)).toEqual([]);
  });
});
