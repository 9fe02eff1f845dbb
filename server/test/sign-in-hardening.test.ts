import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RESET_QUEUE } from '../src/auth/auth.service.js';
import { ADMIN, memberPayload, startTestApp, TestApp } from './support/test-app.js';
import { startSmtpServer } from './support/smtp.js';

const LOGIN = 'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }';

describe('sign-in and reset limits that cannot be bypassed or turned against the owner', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = async () => {
    const payload = memberPayload();
    await t.http.post('/api/register').set('x-forwarded-for', '10.77.0.1').send(payload).expect(201);
    return payload;
  };

  it('counts a client behind the proxy under the address the proxy saw, whatever it puts in X-Forwarded-For', async () => {
    for (let n = 1; n <= 20; n += 1) {
      await t.http.post('/api/send-reset-token').set('x-forwarded-for', `203.0.113.${n}, 198.51.100.7`).send({ email: 'someone@test.example' }).expect(200);
    }
    const refused = await t.http.post('/api/send-reset-token').set('x-forwarded-for', '203.0.113.99, 198.51.100.7').send({ email: 'someone@test.example' });
    expect(refused.status).toBe(429);

    // Naming another person's address first spends nothing of theirs.
    for (let n = 1; n <= 5; n += 1) {
      await t.http.post('/api/send-reset-token').set('x-forwarded-for', '198.51.100.50, 198.51.100.8').send({ email: 'someone@test.example' }).expect(200);
    }
    const [{ count }] = await t.db.query(`SELECT count::int FROM rate_limit_counter WHERE key = 'reset-request:198.51.100.50'`).then((rows) => (rows.length ? rows : [{ count: 0 }]));
    expect(count).toBe(0);
  });

  it('lets the owner in from a clean address after failures from many others, and e-mails them once', async () => {
    const owner = await register();
    for (let n = 1; n <= 10; n += 1) {
      const guess = await t.http.post('/api/login').set('x-forwarded-for', `10.66.0.${n}`).send({ email: owner.email, password: `guess-number-${n}` });
      expect(guess.status).toBe(401);
    }
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === 'Someone is trying to sign in to your account');
    expect(mail.text).toMatch(/10 times/);
    expect(mail.text).toMatch(/not locked/);
    await t.http.post('/api/login').set('x-forwarded-for', '10.66.1.1').send({ email: owner.email, password: owner.password }).expect(200);
    expect(smtp.received.filter((m) => m.to.includes(owner.email) && m.subject.startsWith('Someone is trying')).length).toBe(1);
  });

  it('refuses an address that keeps guessing one account, even with the right password, and only there', async () => {
    const owner = await register();
    for (let n = 1; n <= 10; n += 1) {
      await t.http.post('/api/login').set('x-forwarded-for', '10.55.0.1').send({ email: owner.email, password: 'not-the-password' }).expect(401);
    }
    await t.http.post('/api/login').set('x-forwarded-for', '10.55.0.1').send({ email: owner.email, password: owner.password }).expect(429);
    await t.http.post('/api/login').set('x-forwarded-for', '10.55.0.2').send({ email: owner.email, password: owner.password }).expect(200);
  });

  it('counts wrong passwords given to change the password or erase the account, and past the limit refuses even the right one', async () => {
    const CHANGE = 'mutation($current: String!) { changePassword(currentPassword: $current, newPassword: "a-brand-new-password") }';
    const ERASE = 'mutation($current: String!) { deleteMyAccount(password: $current) }';
    for (const [document, field] of [[CHANGE, 'currentPassword'], [ERASE, 'password']]) {
      const member = await t.member();
      // In parallel, as someone holding a stolen session would guess: the limit holds all the same.
      const guesses = await Promise.all(Array.from({ length: 15 }, (_, n) => t.gql(document, { current: `guess-${n}` }, member.token)));
      const codes = guesses.map((answer) => answer.errors?.[0]?.extensions?.code);
      expect({ document, refused: codes.filter((code) => code === 'TOO_MANY_REQUESTS').length, wrong: codes.filter((code) => code === 'BAD_USER_INPUT').length }).toEqual({ document, refused: 5, wrong: 10 });
      expect(guesses.find((answer) => answer.errors[0].extensions.code === 'BAD_USER_INPUT')!.errors[0].extensions.field).toBe(field);
      const right = await t.gql(document, { current: member.password }, member.token);
      expect(right.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
      // Nothing changed: the account is there, with its password.
      await t.http.post('/api/login').set('x-forwarded-for', '10.66.0.1').send({ email: member.email, password: member.password }).expect(200);
    }
  });

  it('checks at most the limit of passwords when guesses arrive in parallel', async () => {
    const owner = await register();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => t.http.post('/api/login').set('x-forwarded-for', '10.44.0.1').send({ email: owner.email, password: `parallel-${n}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const [{ failed }] = await t.db.query('SELECT failed_sign_ins AS failed FROM users WHERE email = $1', [owner.email]);
    expect(failed).toBe(10);
  });

  it('tells an admin at sign-in how many wrong passwords were given since the last sign-in', async () => {
    for (let n = 1; n <= 3; n += 1) {
      await t.http.post('/api/admin-login').set('x-forwarded-for', `10.33.0.${n}`).send({ email: ADMIN.email, password: 'wrong-admin-password' }).expect(401);
    }
    const first = await t.gql('mutation($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token failedAttemptsSinceLastSignIn } }', { e: ADMIN.email, p: ADMIN.password });
    expect(first.data.adminLogin.failedAttemptsSinceLastSignIn).toBe(3);
    const legacy = await t.http.post('/api/admin-login').set('x-forwarded-for', '10.33.1.1').send(ADMIN).expect(200);
    expect(legacy.body.failedAttemptsSinceLastSignIn).toBe(0);
    expect(legacy.body.users.role).toBe('Admin');
  });

  it('does the same work for a reset request whatever the address: one queued job each, looked up later', async () => {
    const owner = await register();
    const jobs = async () => (await t.db.query('SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1', [RESET_QUEUE]))[0].count as number;
    const before = await jobs();
    const known = await t.http.post('/api/send-reset-token').set('x-forwarded-for', '10.22.0.1').send({ email: owner.email }).expect(200);
    expect(await jobs()).toBe(before + 1);
    const unknown = await t.http.post('/api/send-reset-token').set('x-forwarded-for', '10.22.0.1').send({ email: 'nobody-here@test.example' }).expect(200);
    expect(await jobs()).toBe(before + 2);
    expect(unknown.body).toEqual(known.body);
    const viaGraphql = await t.gql('mutation($email: String!) { sendResetToken(email: $email) }', { email: 'nobody-either@test.example' });
    expect(viaGraphql.data.sendResetToken).toBe(true);
    expect(await jobs()).toBe(before + 3);
    await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject === 'Reset your password');
  });

  it('signs in over GraphQL under the same limits', async () => {
    const owner = await register();
    for (let n = 1; n <= 10; n += 1) {
      const wrong = await t.gql(LOGIN, { email: owner.email, password: 'still-wrong' });
      expect(wrong.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const refused = await t.gql(LOGIN, { email: owner.email, password: owner.password });
    expect(refused.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });
});
