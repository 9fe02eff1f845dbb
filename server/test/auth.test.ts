import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN, memberPayload, startTestApp, TestApp } from './support/test-app.js';
import { startSmtpServer } from './support/smtp.js';

describe('accounts and sign-in', () => {
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

  it('registers a member with the spec payload and stores an argon2id hash', async () => {
    const payload = memberPayload({ email: 'Grace.Hopper@Test.Example' });
    const response = await t.http.post('/api/register').send(payload).expect(201);
    expect(response.body).toMatchObject({ firstname: 'John', email: 'grace.hopper@test.example', role: 'Member' });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|\$argon2/i);
    const [row] = await t.db.query('SELECT password_hash FROM users WHERE email = $1', ['grace.hopper@test.example']);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses the same e-mail in another case, naming the email field', async () => {
    const response = await t.http.post('/api/register').send(memberPayload({ email: 'GRACE.HOPPER@test.example' })).expect(409);
    expect(response.body.errors[0]).toMatchObject({ path: 'email' });
    expect(response.body.errors[0].msg).toMatch(/already exists/);
  });

  it('names the missing phone, a title too long and unknown fields', async () => {
    const { phone: _phone, ...noPhone } = memberPayload();
    const missing = await t.http.post('/api/register').send(noPhone).expect(400);
    expect(missing.body.errors[0]).toEqual({ msg: 'Enter your phone number', path: 'phone' });

    const title = await t.http.post('/api/register').send(memberPayload({ title: 'The Right Honourable Lord' })).expect(400);
    expect(title.body.errors[0].path).toBe('title');

    const role = await t.http.post('/api/register').send(memberPayload({ role: 'Admin' })).expect(400);
    expect(role.body.errors[0].path).toBe('role');
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM users WHERE role = 'Admin'`);
    expect(count).toBe(1);
  });

  it('logs a member in with the session shape the legacy client reads', async () => {
    const payload = memberPayload();
    await t.http.post('/api/register').send(payload).expect(201);
    const response = await t.http.post('/api/login').send({ email: payload.email, password: payload.password }).expect(200);
    expect(typeof response.body.token).toBe('string');
    expect(response.body.users).toMatchObject({ title: 'Brother', firstname: 'John', lastname: 'Doe', role: 'Member', country: 'United Kingdom', state: 'England', city: 'London', phone: payload.phone });
    expect(response.body.users.id).toEqual(expect.any(Number));

    const me = await t.gql('{ me { email role } }', {}, response.body.token);
    expect(me.data.me).toEqual({ email: payload.email, role: 'Member' });
  });

  it('answers a wrong password with a message and the eleventh bad attempt from one address with 429, not the owner elsewhere', async () => {
    const payload = memberPayload();
    await t.http.post('/api/register').send(payload).expect(201);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await t.http.post('/api/login').set('x-forwarded-for', '10.1.0.7').send({ email: payload.email, password: 'wrong-password' });
      expect(response.status).toBe(401);
      expect(response.body.errors[0].msg).toMatch(/not correct/);
    }
    const blocked = await t.http.post('/api/login').set('x-forwarded-for', '10.1.0.7').send({ email: payload.email, password: payload.password });
    expect(blocked.status).toBe(429);
    await t.http.post('/api/login').set('x-forwarded-for', '10.1.0.99').send({ email: payload.email, password: payload.password }).expect(200);
  });

  it('shows the spec messages for empty login fields', async () => {
    const email = await t.http.post('/api/login').send({ email: '', password: 'x' }).expect(400);
    expect(email.body.errors[0]).toEqual({ msg: 'kindly enter your email address to continue', path: 'email' });
    const password = await t.http.post('/api/login').send({ email: 'a@b.co', password: '' }).expect(400);
    expect(password.body.errors[0]).toEqual({ msg: 'kindly enter your password to continue', path: 'password' });
  });

  it('gives an admin token only to admins', async () => {
    const member = await t.member();
    const refused = await t.http.post('/api/admin-login').send({ email: member.email, password: member.password }).expect(403);
    expect(refused.body.detail).toBe('You are not authorised to access this page');
    expect(refused.body.token).toBeUndefined();

    const admitted = await t.http.post('/api/admin-login').send(ADMIN).expect(200);
    expect(admitted.body.users.role).toBe('Admin');

    const gql = await t.gql('mutation($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', { e: member.email, p: member.password });
    expect(gql.errors[0].message).toBe('You are not authorised to access this page');
    expect(gql.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('ends the token on logout', async () => {
    const member = await t.member();
    await t.http.get('/api/me').set('authorization', `Bearer ${member.token}`).expect(200);
    await t.http.post('/api/logout').set('authorization', `Bearer ${member.token}`).expect(200);
    await t.http.get('/api/me').set('authorization', `Bearer ${member.token}`).expect(401);
  });

  it('keeps get-user-by-email and the member list for admins', async () => {
    const member = await t.member();
    await t.http.get(`/api/get-user-by-email/${member.email}`).expect(401);
    await t.http.get(`/api/get-user-by-email/${member.email}`).set('authorization', `Bearer ${member.token}`).expect(403);
    const found = await t.http.get(`/api/get-user-by-email/${member.email}`).set('authorization', `Bearer ${await t.adminToken()}`).expect(200);
    expect(found.body.user[0]).toMatchObject({ id: member.id, email: member.email });
    expect(JSON.stringify(found.body)).not.toMatch(/password/i);

    const list = await t.gql('{ allUsers(perPage: 100, filter: { role: Member }) { id email } _allUsersMeta(filter: { role: Member }) { count } }', {}, member.token);
    expect(list.errors[0].extensions.code).toBe('FORBIDDEN');
    const asAdmin = await t.gql('{ allUsers(perPage: 100, filter: { role: Member }) { id email } _allUsersMeta(filter: { role: Member }) { count } }', {}, await t.adminToken());
    expect(asAdmin.data.allUsers.map((u: { email: string }) => u.email)).toContain(member.email);
    expect(asAdmin.data._allUsersMeta.count).toBe(asAdmin.data.allUsers.length);
  });

  it('resets a password by e-mail once, within the hour, ending old tokens', async () => {
    const member = await t.member();
    const known = await t.http.post('/api/send-reset-token').send({ email: member.email }).expect(200);
    const unknown = await t.http.post('/api/send-reset-token').send({ email: 'nobody@test.example' }).expect(200);
    expect(unknown.body).toEqual(known.body);

    const mail = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Reset your password');
    const link = /http:\/\/site\.test\/reset-password\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1];

    await t.http.post('/api/reset-password').send({ token, newPassword: 'x' }).expect(400);
    await t.http.post('/api/reset-password').send({ token, newPassword: 'a-brand-new-password', userId: member.id }).expect(200);
    await t.http.post('/api/reset-password').send({ token, newPassword: 'another-password-1' }).expect(400);
    await t.http.get('/api/me').set('authorization', `Bearer ${member.token}`).expect(401);
    await t.http.post('/api/login').send({ email: member.email, password: 'a-brand-new-password' }).expect(200);

    await t.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute'`);
    await t.http.post('/api/send-reset-token').send({ email: member.email }).expect(200);
    const second = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Reset your password' && !m.text.includes(token));
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM password_reset_tokens WHERE used_at IS NULL`);
    expect(count).toBe(1);
    const secondToken = /token=([\w-]+)/.exec(second.text)![1];
    await t.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`);
    await t.http.post('/api/reset-password').send({ token: secondToken, newPassword: 'too-late-password' }).expect(400);
  });

  it('changes a password after checking the current one', async () => {
    const member = await t.member();
    const auth = { authorization: `Bearer ${member.token}` };
    const wrong = await t.http.post('/api/change-password').set(auth).send({ currentPassword: 'nope-nope', newPassword: 'new-password-1' }).expect(400);
    expect(wrong.body.errors[0].path).toBe('currentPassword');
    const changed = await t.http.post('/api/change-password').set(auth).send({ currentPassword: member.password, newPassword: 'new-password-1' }).expect(200);
    await t.http.get('/api/me').set(auth).expect(401);
    await t.http.get('/api/me').set('authorization', `Bearer ${changed.body.token}`).expect(200);
  });

  it('serves countries, states and cities', async () => {
    const countries = await t.http.get('/api/geo/countries').expect(200);
    expect(countries.headers['cache-control']).toMatch(/max-age/);
    expect(countries.body).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    const states = await t.http.get('/api/geo/countries/GB/states').expect(200);
    const england = states.body.find((s: { name: string }) => s.name === 'England');
    const cities = await t.http.get(`/api/geo/countries/GB/states/${england.code}/cities`).expect(200);
    expect(cities.body).toContainEqual({ name: 'London' });
    await t.http.get('/api/geo/countries/XX/states').expect(404);
  });

  it('never logs or answers a password', async () => {
    const response = await t.gql('{ __type(name: "User") { fields { name } } }', {}, await t.adminToken());
    const fields = response.data.__type.fields.map((f: { name: string }) => f.name);
    expect(fields).not.toContain('passwordHash');
    expect(fields).not.toContain('tokenVersion');
  });
});
