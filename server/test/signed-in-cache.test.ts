import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { newLinkToken } from '../src/auth/link-token.js';
import { eventually } from './support/commerce.js';
import { startDatabaseProxy } from './support/database-proxy.js';
import { ADMIN, startTestApp, TestApp } from './support/test-app.js';

/** A signed-in read whose resolver needs no SQL: any SQL it costs is the caller's verification. */
const CONSOLE_FIELD = '{ giftAidScheduleColumns { field } }';
const ME = '{ me { id email } }';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** Signing in again ends the admin's earlier sessions, so each instance signs in once and keeps its token. */
const adminToken = async (t: TestApp) => (await t.http.post('/api/admin-login').send(ADMIN).expect(200)).body.token as string;

/** The SQL statements a GraphQL request cost on an instance. */
async function sqlOf(t: TestApp, query: string, token: string): Promise<number> {
  const response = await t.http.post('/graphql').set({ 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-sql-count': '1' }).send({ query }).expect(200);
  expect(response.body.errors).toBeUndefined();
  return Number(response.headers['x-sql-count']);
}

const refusal = (response: { errors?: { message: string; extensions: { code: string } }[] }) => response.errors?.[0] && { code: response.errors[0].extensions.code, message: response.errors[0].message };

/**
 * What an instance answers once the change has reached it: PostgreSQL delivers the notification a moment after the
 * commit, so the request that follows the change may still be on its way before it. Waiting for delivery, never a
 * fixed time.
 */
const refusalOn = (t: TestApp, query: string, token: string) => eventually(async () => refusal(await t.gql(query, {}, token)));

/** Reads the caller's account on B until B keeps it (its listener is up): every later read of it costs no SQL. */
async function keptOn(b: TestApp, token: string) {
  const deadline = Date.now() + 5_000;
  while ((await sqlOf(b, CONSOLE_FIELD, token)) > 0) {
    if (Date.now() > deadline) throw new Error('B never kept the signed-in user');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('signed-in users kept by each instance', () => {
  let a: TestApp;
  let b: TestApp;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let adminOnA: string;
  beforeAll(async () => {
    // Instances behind one load balancer share the database and the JWT secret.
    const shared = { JWT_SECRET: randomBytes(32).toString('base64'), GRAPHQL_RATE_LIMIT: '100000' };
    a = await startTestApp(shared);
    proxy = await startDatabaseProxy(process.env.TEST_POSTGRES_URL!);
    b = await startTestApp(shared, { database: a.databaseName, databasePort: proxy.port });
    adminOnA = await adminToken(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy?.close();
  });

  /** A member of `role` (given on A by the admin) whose token B has verified and keeps. */
  async function staffKeptOnB(role: string) {
    const account = await a.member();
    const given = await a.gql(`mutation($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { role } }`, { id: String(account.id), role }, adminOnA);
    expect(given.data.updateUser.role).toBe(role);
    await keptOn(b, account.token);
    return account;
  }

  it('verifies a token once per session, not once per request', async () => {
    const finance = await staffKeptOnB('Finance');
    expect(await sqlOf(b, CONSOLE_FIELD, finance.token)).toBe(0);
    expect((await b.gql(CONSOLE_FIELD, {}, finance.token)).data.giftAidScheduleColumns.length).toBeGreaterThan(0);
  });

  it("counts the reading of the caller's account apart from the request's own statements", async () => {
    const member = await a.member();
    // B has never seen this member: it reads their account, and `{ __typename }` reads nothing else.
    const response = await b.http
      .post('/graphql')
      .set({ 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'x-sql-count': '1' })
      .send({ query: '{ __typename }' })
      .expect(200);
    expect(Number(response.headers['x-sql-count'])).toBeGreaterThan(0);
    expect(response.headers['x-sql-count-caller']).toBe(response.headers['x-sql-count']);
  });

  it('ends a session on every instance as soon as the database tells it of a logout on one', async () => {
    const finance = await staffKeptOnB('Finance');
    expect((await a.gql('mutation { logout }', {}, finance.token)).data.logout).toBe(true);
    expect(await refusalOn(b, CONSOLE_FIELD, finance.token)).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_ENDED });
    await b.http.get(`/api/prayer-request/${finance.id}/my-prayer-requests`).set('authorization', `Bearer ${finance.token}`).expect(401);
    // On a public field the ended token is a visitor's.
    expect((await b.gql('{ countries { code } }', {}, finance.token)).errors).toBeUndefined();
  });

  it('refuses the console on every instance as soon as the database tells it an Admin took the role away on one', async () => {
    const finance = await staffKeptOnB('Finance');
    await a.gql(`mutation($id: ID!) { updateUser(id: $id, role: Member) { role } }`, { id: String(finance.id) }, adminOnA);
    expect(await refusalOn(b, CONSOLE_FIELD, finance.token)).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
    // Still signed in, as a member.
    expect((await b.gql(ME, {}, finance.token)).data.me.id).toBe(String(finance.id));
  });

  it('ends every session on every instance when the password is reset', async () => {
    const finance = await staffKeptOnB('Finance');
    const { token, tokenHash } = newLinkToken();
    await a.db.query(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [finance.id, tokenHash]);
    const reset = await a.gql('mutation($token: String!) { resetPassword(token: $token, newPassword: "A-brand-new-passphrase-9") }', { token });
    expect(reset.data.resetPassword).toBe(true);
    expect(await refusalOn(b, CONSOLE_FIELD, finance.token)).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_ENDED });
  });

  it('ends every session on every instance when the account is erased, and a session that was never kept too', async () => {
    const finance = await staffKeptOnB('Finance');
    const erased = await a.gql('mutation($password: String!) { deleteMyAccount(password: $password) }', { password: finance.password }, finance.token);
    expect(erased.data.deleteMyAccount).toBe(true);
    expect(await refusalOn(b, CONSOLE_FIELD, finance.token)).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_ENDED });
    expect(await refusalOn(a, ME, finance.token)).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_ENDED });
  });

  it('sees a change made straight in the database, by whoever made it', async () => {
    const finance = await staffKeptOnB('Finance');
    await a.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [finance.id]);
    expect(await refusalOn(b, CONSOLE_FIELD, finance.token)).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
  });

  it('trusts nothing it kept while it cannot hear of changes, and keeps again once it listens', async () => {
    const finance = await staffKeptOnB('Finance');
    proxy.set('down');
    // Written while B hears nothing: B must not answer from what it kept.
    await a.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [finance.id]);
    proxy.set('up');
    const deadline = Date.now() + 20_000;
    let answer = refusal(await b.gql(CONSOLE_FIELD, {}, finance.token));
    while (answer?.code !== 'FORBIDDEN' && Date.now() < deadline) {
      expect(answer?.code ?? 'answered').not.toBe('answered');
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = refusal(await b.gql(CONSOLE_FIELD, {}, finance.token));
    }
    expect(answer).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
    await a.db.query(`UPDATE users SET role = 'Finance' WHERE id = $1`, [finance.id]);
    await keptOn(b, finance.token);
  });
});
