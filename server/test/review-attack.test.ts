import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newLinkToken } from '../src/auth/link-token.js';
import { memberPayload, startTestApp, TEST_APP_ROLE, TestApp } from './support/test-app.js';

/** What an outside review tried against verified addresses, drafts and the app's database role, as attacks. */
describe('attacks from the security review', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a link as its account's owner would: signed in as them (`session`). */
  const verify = (token: string, session: string) => t.gql('mutation($token: String!) { verifyEmail(token: $token) }', { token }, session);
  /** A confirmation link for the address, as the mail would carry it. */
  const linkFor = async (userId: number, email: string) => {
    const { token, tokenHash } = newLinkToken();
    await t.db.query(`INSERT INTO email_verification_tokens (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`, [userId, email, tokenHash]);
    return token;
  };

  it('gives an editor who is no longer one no hold on the posts they wrote: no draft read back, none changed or deleted', async () => {
    const account = await t.member();
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [account.id]);
    const made = async (args: string) => (await t.gql(`mutation { createPost(${args}) { id status } }`, {}, account.token)).data.createPost as { id: string; status: string };
    const draft = await made('name: "Plans not yet announced", body: "<p>Secret plans</p>", categoryId: "3", status: UnAuthorised');
    const published = await made('name: "Sunday service moved", body: "<p>Now at ten</p>", categoryId: "3", status: Authorised');
    await t.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [account.id]);

    const readBack = await t.gql('mutation($id: ID!) { updatePost(id: $id, name: "Plans not yet announced") { body } }', { id: draft.id }, account.token);
    expect(readBack.data).toBeNull();
    expect(readBack.errors[0].extensions.code).toBe('NOT_FOUND');
    const unpublished = await t.gql('mutation($id: ID!) { updatePost(id: $id, name: "Defaced") { status } }', { id: published.id }, account.token);
    expect(unpublished.errors[0].extensions.code).toBe('NOT_FOUND');
    const deleted = await t.gql('mutation($id: ID!) { deletePost(id: $id) { id } }', { id: published.id }, account.token);
    expect(deleted.errors[0].extensions.code).toBe('NOT_FOUND');
    await t.http.delete(`/api/delete-post/${published.id}`).set('authorization', `Bearer ${account.token}`).expect(404);
    await t.http.put(`/api/update-post/${draft.id}`).set('authorization', `Bearer ${account.token}`).send({ name: 'Defaced' }).expect(404);

    expect(await t.db.query(`SELECT id::text, name, status FROM posts WHERE id = ANY($1::int[]) ORDER BY id`, [[draft.id, published.id]])).toEqual([
      { id: draft.id, name: 'Plans not yet announced', status: 'UnAuthorised' },
      { id: published.id, name: 'Sunday service moved', status: 'Authorised' },
    ]);
  });

  it("tells a member nothing of a draft's title through the address of the testimony they share", async () => {
    const admin = await t.adminToken();
    const draft = await t.gql('mutation { createPost(name: "Church closing in March", body: "<p>Not yet</p>", categoryId: "3", status: UnAuthorised) { slug } }', {}, admin);
    expect(draft.data.createPost.slug).toBe('church-closing-in-march');
    const member = await t.member();
    const share = async (name: string) =>
      (await t.gql('mutation($name: String!) { createPost(name: $name, body: "<p>My story</p>", categoryId: "2", consentToPublish: true) { slug } }', { name }, member.token)).data.createPost.slug as string;
    // A slug taken by a draft and a free one come back alike: the title, then a tail that does not count.
    const [taken, free] = [await share('Church closing in March'), await share('Church opening in May')];
    expect(taken).toMatch(/^church-closing-in-march-[0-9a-f]{8}$/);
    expect(free).toMatch(/^church-opening-in-may-[0-9a-f]{8}$/);
  });

  it('erases an account even when someone registered the address its erasure gives it beforehand', async () => {
    const victim = await t.member();
    const squatter = await t.http.post('/api/register').set('x-forwarded-for', '10.77.0.1').send(memberPayload({ email: `erased-${victim.id}@erased.invalid` }));
    expect(squatter.status).toBe(400);
    const other = await t.member();
    const changed = await t.gql('mutation($email: String!, $password: String!) { changeEmail(email: $email, password: $password) { pendingEmail } }', { email: `erased-${victim.id}@Erased.Invalid`, password: other.password }, other.token);
    expect(changed.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });

    expect(await t.gql('mutation($password: String!) { deleteMyAccount(password: $password) }', { password: victim.password }, victim.token)).toEqual({ data: { deleteMyAccount: true } });
    expect(await t.db.query(`SELECT email, erased_at IS NOT NULL AS erased FROM users WHERE id = $1`, [victim.id])).toEqual([{ email: `erased-${victim.id}@erased.invalid`, erased: true }]);
  });

  it('confirms a link once when it is opened twice at once, answering both as confirmed, and erases an account whose link is opened as it goes', async () => {
    const member = await t.member();
    const token = await linkFor(member.id, member.email);
    const twice = await Promise.all([verify(token, member.token), verify(token, member.token)]);
    expect(twice).toEqual([{ data: { verifyEmail: true } }, { data: { verifyEmail: true } }]);
    expect(await t.db.query(`SELECT email_verified AS verified FROM users WHERE id = $1`, [member.id])).toEqual([{ verified: true }]);

    const leaving = await t.member();
    const [, erased] = await Promise.all([
      verify(await linkFor(leaving.id, leaving.email), leaving.token),
      t.gql('mutation($password: String!) { deleteMyAccount(password: $password) }', { password: leaving.password }, leaving.token),
    ]);
    expect(erased).toEqual({ data: { deleteMyAccount: true } });
    expect(await t.db.query(`SELECT email, email_verified AS verified, erased_at IS NOT NULL AS erased FROM users WHERE id = $1`, [leaving.id])).toEqual([
      { email: `erased-${leaving.id}@erased.invalid`, verified: false, erased: true },
    ]);
  });

  it('answers a confirmed change whose address someone registers at that very moment as taken, not as a failure', async () => {
    const member = await t.member();
    const address = `moving-${member.id}@test.example`;
    const asked = await t.gql('mutation($email: String!, $password: String!) { changeEmail(email: $email, password: $password) { pendingEmail } }', { email: address, password: member.password }, member.token);
    expect(asked.data.changeEmail).toEqual({ pendingEmail: address });
    const token = await linkFor(member.id, address);

    // Another account takes the address in a transaction the test holds open until the confirmation waits on it.
    const other = t.db.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(
        `INSERT INTO users (title, firstname, lastname, gender, marital_status, phone, email, password_hash, country, state, city, address)
         SELECT title, firstname, lastname, gender, marital_status, phone, $1, password_hash, country, state, city, address FROM users WHERE id = $2`,
        [address, member.id],
      );
      const confirming = verify(token, member.token);
      const waiting = async (): Promise<void> => {
        const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE 'UPDATE %"users"%'`);
        if (!n) return waiting();
      };
      await waiting();
      await other.commitTransaction();
      const answer = await confirming;
      expect(answer.errors[0]).toMatchObject({ message: 'An account with this e-mail address already exists', extensions: { code: 'CONFLICT', field: 'token' } });
    } finally {
      await other.release();
    }
    expect(await t.db.query(`SELECT email, pending_email AS pending FROM users WHERE id = $1`, [member.id])).toEqual([{ email: member.email, pending: address }]);
  });

  it('erases the forms of an address confirmed while the account is being erased, or refuses the confirmation', async () => {
    const member = await t.member();
    await t.http.post('/api/counselling').set('x-forwarded-for', '10.78.0.1').send({ name: 'John', email: member.email, phone: '+44 7700 900125', description: 'Please call me' }).expect(201);
    const token = await linkFor(member.id, member.email);
    const waitingOnLocks = async (count: number, unless: () => boolean): Promise<void> => {
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
      if (n < count && !unless()) return waitingOnLocks(count, unless);
    };

    // The test holds the Admins' rows, which an erasure locks (the last-Admin rule) before it erases anything.
    const admins = t.db.createQueryRunner();
    await admins.connect();
    let erasing: Promise<{ data: unknown }>;
    let verifying: Promise<{ data: { verifyEmail?: boolean } | null }>;
    try {
      await admins.startTransaction();
      await admins.query(`SELECT id FROM users WHERE role = 'Admin' FOR UPDATE`);
      erasing = t.gql('mutation($password: String!) { deleteMyAccount(password: $password) }', { password: member.password }, member.token);
      await waitingOnLocks(1, () => false);
      let settled = false;
      verifying = verify(token, member.token).finally(() => (settled = true));
      await waitingOnLocks(2, () => settled);
    } finally {
      await admins.commitTransaction();
      await admins.release();
    }
    expect(await erasing).toEqual({ data: { deleteMyAccount: true } });
    const confirmed = (await verifying).data?.verifyEmail === true;
    const [{ n: kept }] = await t.db.query(`SELECT count(*)::int AS n FROM counselling_requests WHERE email = $1`, [member.email]);
    expect({ confirmed, kept }).toEqual(confirmed ? { confirmed, kept: 0 } : { confirmed, kept: 1 });
  });

  it('keeps the audit trail where it is when SQL run through the app points its connections at a schema of its own', async () => {
    await t.db.query(`CREATE SCHEMA diverted`);
    await t.db.query(`CREATE TABLE diverted.audit_events (LIKE public.audit_events INCLUDING ALL)`);
    // Every connection of the pool at once, so whichever answers next carries the search path an injection set.
    const everyConnection = async (sql: string) => {
      const runners = Array.from({ length: t.config.databasePoolSize }, () => t.db.createQueryRunner());
      await Promise.all(runners.map((runner) => runner.connect()));
      await Promise.all(runners.map((runner) => runner.query(sql)));
      await Promise.all(runners.map((runner) => runner.release()));
    };
    await everyConnection(`SELECT set_config('search_path', 'diverted, public', false)`);
    try {
      const read = await t.gql('{ subjectAccessExport(email: "diverted@test.example") }', {}, await t.adminToken());
      expect(read.errors).toBeUndefined();
      expect(await t.db.query(`SELECT count(*)::int AS n FROM diverted.audit_events`)).toEqual([{ n: 0 }]);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM public.audit_events WHERE action = 'export.subject-access' AND detail LIKE '0 form%'`)).toEqual([{ n: 1 }]);
    } finally {
      await everyConnection(`SELECT set_config('search_path', 'public', false)`);
    }
  });

  it("keeps the app's role from shadowing the owner's tables: after it makes a schema named after the owner, a restart still takes its rights away", async () => {
    const [{ owner }] = await t.db.query(`SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = 'public.audit_events'::regclass`);
    // A role that may create schemas can put one first in the owner's search path ("$user") and copy the tables' names into it.
    await t.db.query(`CREATE SCHEMA "${owner}"`);
    await t.db.query(`GRANT USAGE ON SCHEMA "${owner}" TO PUBLIC`);
    await t.db.query(`CREATE TABLE "${owner}".migrations AS SELECT * FROM public.migrations`);
    await t.db.query(`CREATE TABLE "${owner}".audit_events (id int)`);

    const restarted = await startTestApp({}, { database: t.databaseName });
    try {
      const rights = await restarted.db.query(
        `SELECT has_table_privilege($1, 'public.migrations', 'INSERT') AS "forgeMigrations",
                has_table_privilege($1, 'public.audit_events', 'UPDATE') AS "rewriteTrail",
                has_table_privilege($1, 'public.audit_events', 'DELETE') AS "deleteTrail"`,
        [TEST_APP_ROLE],
      );
      expect(rights).toEqual([{ forgeMigrations: false, rewriteTrail: false, deleteTrail: false }]);
    } finally {
      await restarted.close();
    }
  });

  it("keeps the audit trail where it is for the app itself: a schema named after the app's role does not take its records", async () => {
    // The app's role may create schemas, and by default one named after it comes first in its own search path.
    await t.db.query(`CREATE SCHEMA "${TEST_APP_ROLE}"`);
    await t.db.query(`CREATE TABLE "${TEST_APP_ROLE}".audit_events (LIKE public.audit_events INCLUDING ALL)`);

    const restarted = await startTestApp({}, { database: t.databaseName });
    try {
      const exports = async () => (await restarted.db.query(`SELECT count(*)::int AS n FROM public.audit_events WHERE action = 'export.subject-access'`))[0].n as number;
      const before = await exports();
      const read = await restarted.gql('{ subjectAccessExport(email: "someone@test.example") }', {}, await restarted.adminToken());
      expect(read.errors).toBeUndefined();
      expect(await restarted.db.query(`SELECT count(*)::int AS n FROM "${TEST_APP_ROLE}".audit_events`)).toEqual([{ n: 0 }]);
      expect(await exports()).toBe(before + 1);
    } finally {
      await restarted.close();
    }
  });
});
