import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ok } from './support/commerce.js';
import { startSmtpServer, type ReceivedMail } from './support/smtp.js';
import { memberPayload, startTestApp, TestApp } from './support/test-app.js';

const CONFIRM_SUBJECT = 'Confirm your e-mail address';
const VERIFY = 'mutation($token: String!, $password: String) { verifyEmail(token: $token, password: $password) }';
const ME = '{ me { email emailVerified emailVerifiedAt pendingEmail } }';
const tokenIn = (mail: ReceivedMail) => /http:\/\/site\.test\/verify-email\?token=([\w-]+)/.exec(mail.text)![1];

describe('verified e-mail addresses', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  /** Every confirmation link mailed to an address so far, oldest first. */
  const linksTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject === CONFIRM_SUBJECT).map(tokenIn);
  /** The confirmation link mailed to an address once `count` of them have arrived: the newest. */
  const link = async (email: string, count = 1) => {
    await smtp.waitFor(() => linksTo(email).length >= count);
    return linksTo(email)[count - 1];
  };
  /** Opens a link signed in with `bearer` (a member's session), or giving `password`, or neither. */
  const verify = (token: string, bearer?: string, password?: string) => t.gql(VERIFY, { token, password }, bearer);
  const refusal = async (token: string, bearer?: string, password?: string) => (await verify(token, bearer, password)).errors?.[0];
  const exportOf = async (token: string) => JSON.parse((await ok(t, '{ exportMyData }', {}, token)).exportMyData);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a link on registration that confirms the address once, and the account says so', async () => {
    const member = await t.member();
    expect((await ok(t, ME, {}, member.token)).me).toEqual({ email: member.email, emailVerified: false, emailVerifiedAt: null, pendingEmail: null });
    const token = await link(member.email);

    expect(await verify(token, member.token)).toEqual({ data: { verifyEmail: true } });
    const me = (await ok(t, ME, {}, member.token)).me;
    expect(me).toMatchObject({ emailVerified: true, pendingEmail: null });
    expect(Date.parse(me.emailVerifiedAt)).not.toBeNaN();
    // Opened again (a double click, or a form sent twice without JavaScript), it says so again, whoever opens it.
    expect(await verify(token)).toEqual({ data: { verifyEmail: true } });
    expect((await ok(t, ME, {}, member.token)).me.emailVerifiedAt).toBe(me.emailVerifiedAt);
  });

  it('refuses the link to someone who cannot show the account is theirs, and keeps it for the owner', async () => {
    // A stranger registers the address of a visitor who sent a counselling form; the link goes to her.
    const address = `visitor-${Date.now()}@example.org`;
    await t.http.post('/api/counselling').set('x-forwarded-for', '198.51.100.92').send({ name: 'Mary', email: address, phone: '+44 7700 900126', description: 'Please call me' }).expect(201);
    const stranger = await t.member({ email: address });
    const visitorsOwnAccount = await t.member({ password: 'her-own-password' });
    const token = await link(address);

    const asked = { code: 'BAD_USER_INPUT', field: 'password' };
    expect(await refusal(token)).toMatchObject({ message: 'Enter the password of the account this address is being confirmed for', extensions: asked });
    expect(await refusal(token, visitorsOwnAccount.token)).toMatchObject({ message: 'Enter the password of the account this address is being confirmed for', extensions: asked });
    expect(await refusal(token, undefined, 'a-guess-at-it')).toMatchObject({ message: 'The password is not correct', extensions: asked });
    expect(await refusal(token, visitorsOwnAccount.token, visitorsOwnAccount.password)).toMatchObject({ message: 'The password is not correct', extensions: asked });
    expect((await ok(t, ME, {}, stranger.token)).me.emailVerified).toBe(false);
    expect((await exportOf(stranger.token)).formsSent).toEqual([]);

    // None of that used the link up: the account's owner can still confirm with it.
    expect(await verify(token, stranger.token)).toEqual({ data: { verifyEmail: true } });
    expect((await ok(t, ME, {}, stranger.token)).me.emailVerified).toBe(true);
  });

  it('counts wrong passwords given with a link with the account’s other password checks, so they cannot be guessed', async () => {
    const member = await t.member();
    const token = await link(member.email);
    // From an address of its own, so the page's own limit of confirmations an hour is not what stops it.
    const guess = async (password: string) =>
      (await t.http.post('/graphql').set('x-forwarded-for', '198.51.100.93').send({ query: VERIFY, variables: { token, password } })).body.errors[0].extensions;
    for (let count = 0; count < 10; count += 1) expect(await guess(`guess-number-${count}`)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    expect((await guess(member.password)).code).toBe('TOO_MANY_REQUESTS');
    expect((await ok(t, ME, {}, member.token)).me.emailVerified).toBe(false);
    expect(await verify(token, member.token)).toEqual({ data: { verifyEmail: true } });
  });

  it('refuses an expired link, a tampered one and none at all, naming the token', async () => {
    const member = await t.member();
    const token = await link(member.email);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await refusal(tampered)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'token' } });
    expect(await refusal('')).toMatchObject({ message: 'token is required', extensions: { code: 'BAD_USER_INPUT', field: 'token' } });

    await t.db.query(`UPDATE email_verification_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [member.id]);
    expect(await refusal(token)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'token' } });
    expect((await ok(t, ME, {}, member.token)).me.emailVerified).toBe(false);
  });

  it('confirms with the password of the account the link was sent for, whoever is signed in when it is opened', async () => {
    const owner = await t.member();
    const other = await t.member();
    expect(await verify(await link(owner.email), other.token, owner.password)).toEqual({ data: { verifyEmail: true } });
    expect((await ok(t, ME, {}, owner.token)).me.emailVerified).toBe(true);
    expect((await ok(t, ME, {}, other.token)).me.emailVerified).toBe(false);
  });

  it('exports the forms sent with an address, in any case, once it is confirmed, and not before', async () => {
    const member = await t.member();
    const address = member.email.toUpperCase();
    await t.http.post('/api/question').set('x-forwarded-for', '198.51.100.90').send({ email: ` ${address} `, question: 'Asked before joining' }).expect(201);
    expect((await exportOf(member.token)).formsSent).toEqual([]);

    await verify(await link(member.email), member.token);
    expect((await exportOf(member.token)).formsSent).toEqual([expect.objectContaining({ form: 'Question', question: 'Asked before joining' })]);
  });

  it('says in the export, JSON and page, that forms sent with an unconfirmed address are left out and how to get them', async () => {
    const member = await t.member();
    const before = await exportOf(member.token);
    expect(before.formsSent).toEqual([]);
    expect(before.formsSentLeftOut).toMatch(/confirm your e-mail address/i);
    const page = await t.http.get('/api/me/export?format=html').set('authorization', `Bearer ${member.token}`).expect(200);
    expect(page.text).toContain(before.formsSentLeftOut);

    await verify(await link(member.email), undefined, member.password);
    expect((await exportOf(member.token)).formsSentLeftOut).toBeNull();
  });

  it('sends a new link on request, a few an hour, and none once the address is confirmed', async () => {
    const member = await t.member();
    await link(member.email);
    const resend = () => t.gql('mutation { sendVerificationEmail }', {}, member.token);
    for (let sent = 2; sent <= 4; sent += 1) {
      expect((await resend()).data).toEqual({ sendVerificationEmail: true });
      await link(member.email, sent);
    }
    expect((await resend()).errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(new Set(linksTo(member.email)).size).toBe(4);

    // Every link sent stays good until one is used; then the address is confirmed and none is needed.
    expect(await verify(linksTo(member.email)[1], member.token)).toEqual({ data: { verifyEmail: true } });
    await t.db.query(`DELETE FROM rate_limit_counter WHERE key = $1`, [`email-confirmation:${member.id}`]);
    expect((await resend()).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
    // The other links are used up with it, and opening one says the address is confirmed.
    expect(await t.db.query(`SELECT count(*)::int AS n FROM email_verification_tokens WHERE user_id = $1 AND used_at IS NULL`, [member.id])).toEqual([{ n: 0 }]);
    expect(await verify(linksTo(member.email)[3])).toEqual({ data: { verifyEmail: true } });
    expect((await t.gql('mutation { sendVerificationEmail }')).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('lets staff who manage members mark an address verified, on the audit trail', async () => {
    const member = await t.member();
    const admin = await t.adminToken();
    const MARK = 'mutation($id: ID!) { markEmailVerified(id: $id) { id emailVerified emailVerifiedAt } }';
    expect((await t.gql(MARK, { id: member.id }, member.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await ok(t, MARK, { id: member.id }, admin)).markEmailVerified).toMatchObject({ id: String(member.id), emailVerified: true });
    expect((await ok(t, MARK, { id: member.id }, admin)).markEmailVerified.emailVerified).toBe(true);

    const trail = (await ok(t, '{ allAuditEvents(perPage: 100, filter: { action: "email.mark-verified" }) { actorId recordKind recordIds } }', {}, admin)).allAuditEvents;
    expect(trail).toEqual([{ actorId: expect.any(String), recordKind: 'User', recordIds: [String(member.id)] }]);
    const unverified = (await ok(t, '{ allUsers(perPage: 500, filter: { emailVerified: false }) { id } }', {}, admin)).allUsers.map((u: { id: string }) => u.id);
    expect(unverified).not.toContain(String(member.id));
  });

  it('keeps the old address until a new one is confirmed from its own link, then switches and tells the old one', async () => {
    const member = await t.member({ firstname: 'Ruth' });
    const first = await link(member.email);
    await verify(first, member.token);
    const taken = await t.member();
    const CHANGE = 'mutation($email: String!, $password: String!) { changeEmail(email: $email, password: $password) { email emailVerified pendingEmail } }';
    const change = (email: string, password = member.password) => t.gql(CHANGE, { email, password }, member.token);

    expect((await change('ruth@new.example', 'not-my-password')).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'password' } });
    expect((await change(taken.email.toUpperCase())).errors[0]).toMatchObject({ extensions: { code: 'CONFLICT', field: 'email' } });
    expect((await change(` ${member.email.toUpperCase()} `)).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
    expect((await change('not an address')).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'email' } });

    expect((await change(' Ruth@Typo.example ')).data.changeEmail).toEqual({ email: member.email, emailVerified: true, pendingEmail: 'ruth@typo.example' });
    const superseded = await link('ruth@typo.example');
    expect((await change('Ruth@New.Example')).data.changeEmail).toEqual({ email: member.email, emailVerified: true, pendingEmail: 'ruth@new.example' });
    const fresh = await link('ruth@new.example');
    // Until then the account is the old address's: it signs in with it, and a reset link goes there.
    await t.http.post('/api/login').send({ email: member.email, password: member.password }).expect(200);
    await t.http.post('/api/send-reset-token').send({ email: member.email }).expect(200);
    const reset = /token=([\w-]+)/.exec((await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Reset your password')).text)![1];

    expect(await refusal(superseded, member.token)).toMatchObject({ extensions: { field: 'token' } });
    expect(await verify(fresh, member.token)).toEqual({ data: { verifyEmail: true } });
    expect((await ok(t, ME, {}, member.token)).me).toMatchObject({ email: 'ruth@new.example', emailVerified: true, pendingEmail: null });
    expect(await verify(fresh)).toEqual({ data: { verifyEmail: true } });
    // The link that confirmed the old address no longer says it is confirmed: the account has moved on.
    expect(await refusal(first, member.token)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'token' }, message: expect.stringMatching(/not valid or has expired/) });
    await t.http.post('/api/login').send({ email: 'ruth@new.example', password: member.password }).expect(200);
    await t.http.post('/api/login').send({ email: member.email, password: member.password }).expect(401);
    const told = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Your e-mail address has been changed');
    expect(told.text).toContain('Dear Ruth');
    // A reset link mailed to the old address no longer opens the account.
    await t.http.post('/api/reset-password').send({ token: reset, newPassword: 'taken-over-password' }).expect(400);
    // Asking whether addresses have accounts counts like sending links: three an hour, taken or not.
    expect((await change(taken.email)).errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
  });

  it('refuses a confirmed change when someone registered the new address meanwhile', async () => {
    const member = await t.member();
    await ok(t, 'mutation($e: String!, $p: String!) { changeEmail(email: $e, password: $p) { pendingEmail } }', { e: 'contested@new.example', p: member.password }, member.token);
    const token = await link('contested@new.example');
    await t.member({ email: 'contested@new.example' });
    expect(await refusal(token, member.token)).toMatchObject({ extensions: { code: 'CONFLICT', field: 'token' } });
    expect((await ok(t, ME, {}, member.token)).me).toMatchObject({ email: member.email, pendingEmail: 'contested@new.example' });
  });

  it('keeps the legacy registration answer as it was, while the link goes out', async () => {
    const payload = memberPayload();
    const response = await t.http.post('/api/register').set('x-forwarded-for', '198.51.100.91').send(payload).expect(201);
    expect(Object.keys(response.body)).toEqual(['id', 'title', 'firstname', 'lastname', 'gender', 'marital_status', 'phone', 'email', 'country', 'state', 'city', 'address', 'role', 'createdAt']);
    await link(payload.email);
  });
});
