import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CREATE_BOOK_ORDER, addBooks, ok } from './support/commerce.js';
import { ADMIN, startTestApp, TestApp } from './support/test-app.js';

const KINDS = [
  { type: 'ContactEnquiry', plural: 'ContactEnquiries', table: 'contact_enquiries' },
  { type: 'Question', plural: 'Questions', table: 'questions' },
  { type: 'CounsellingRequest', plural: 'CounsellingRequests', table: 'counselling_requests' },
  { type: 'BaptismRequest', plural: 'BaptismRequests', table: 'baptism_requests' },
  { type: 'PrayerRequest', plural: 'PrayerRequests', table: 'prayer_requests' },
];
const STAFF_NOTE = 'Staff only: spoke with the family on Tuesday';

describe('a production-mode instance, as the security review found it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('staff-only fields', () => {
    it('never answers the staff note of a prayer request to the member who made it, on GraphQL or the legacy path', async () => {
      const member = await t.member();
      const admin = await t.adminToken();
      const { createPrayerRequest } = await ok(t, 'mutation { createPrayerRequest(title: "Healing", body: "For my mother") { id note } }', {}, member.token);
      expect(createPrayerRequest.note).toBeNull();
      await ok(t, 'mutation($id: ID!, $note: String) { updatePrayerRequest(id: $id, note: $note) { id } }', { id: createPrayerRequest.id, note: STAFF_NOTE }, admin);

      const one = await ok(t, 'query($id: ID!) { PrayerRequest(id: $id) { id title note } }', { id: createPrayerRequest.id }, member.token);
      expect(one.PrayerRequest).toEqual({ id: createPrayerRequest.id, title: 'Healing', note: null });
      const list = await ok(t, '{ allPrayerRequests { id note } }', {}, member.token);
      expect(list.allPrayerRequests).toEqual([{ id: createPrayerRequest.id, note: null }]);
      const searched = await ok(t, '{ _allPrayerRequestsMeta(filter: { q: "Tuesday" }) { count } }', {}, member.token);
      expect(searched._allPrayerRequestsMeta.count).toBe(0);

      const legacy = await t.http.get(`/api/prayer-request/${member.id}/my-prayer-requests`).set('authorization', `Bearer ${member.token}`).expect(200);
      expect(legacy.body).toHaveLength(1);
      expect(legacy.body[0].note).toBeNull();
      expect(JSON.stringify(legacy.body)).not.toContain('Tuesday');

      const asStaff = await ok(t, 'query($id: ID!) { PrayerRequest(id: $id) { note } _allPrayerRequestsMeta(filter: { q: "Tuesday" }) { count } }', { id: createPrayerRequest.id }, admin);
      expect(asStaff.PrayerRequest.note).toBe(STAFF_NOTE);
      expect(asStaff._allPrayerRequestsMeta.count).toBe(1);
      const staffLegacy = await t.http.get(`/api/prayer-request/${member.id}/my-prayer-requests`).set('authorization', `Bearer ${admin}`).expect(200);
      expect(staffLegacy.body[0].note).toBe(STAFF_NOTE);
    });

    it.each(KINDS)('answers the note of a $type to staff only', async ({ type, plural, table }) => {
      const member = await t.member();
      const inserts: Record<string, string> = {
        prayer_requests: `(title, body, user_id, note) VALUES ('A title', 'A body', ${member.id}, $1)`,
        contact_enquiries: `(name, email, phone, reason, message, note) VALUES ('Ann', '${member.email}', '0123', 'other', 'Hello', $1)`,
        questions: `(email, question, note) VALUES ('${member.email}', 'Why?', $1)`,
        counselling_requests: `(name, email, phone, description, note) VALUES ('Ann', '${member.email}', '0123', 'Grief', $1)`,
        baptism_requests: `(name, email, phone, note) VALUES ('Ann', '${member.email}', '0123', $1)`,
      };
      const [{ id }] = await t.db.query(`INSERT INTO ${table} ${inserts[table]} RETURNING id`, [STAFF_NOTE]);
      const query = `query($id: ID!) { one: ${type}(id: $id) { note } list: all${plural} { note } }`;
      const asMember = await t.gql(query, { id }, member.token);
      expect(JSON.stringify(asMember)).not.toContain(STAFF_NOTE);
      const asStaff = await ok(t, query, { id }, await t.adminToken());
      expect(asStaff.one.note).toBe(STAFF_NOTE);
    });
  });

  describe('the PayPal emulator of a production demo', () => {
    it('answers 404 to anyone but an admin on its dashboard and controls', async () => {
      const member = await t.member();
      await t.http.get('/paypal-emulator').expect(404);
      await t.http.get('/paypal-emulator').set('authorization', `Bearer ${member.token}`).expect(404);
      await t.http.get('/paypal-emulator/control/stats').expect(404);
      await t.http.post('/paypal-emulator/control/orders/ANY/events').send({ event_type: 'PAYMENT.CAPTURE.COMPLETED' }).expect(404);
      await t.http.post('/paypal-emulator/dashboard/events').type('form').send({ order: 'ANY', event_type: 'PAYMENT.CAPTURE.REFUNDED' }).expect(404);
      const asAdmin = await t.http.get('/paypal-emulator').set('authorization', `Bearer ${await t.adminToken()}`).expect(200);
      expect(asAdmin.text).toMatch(/PayPal emulator/i);
      // Its tools settle and refund anyone's order without PayPal: not even Finance, whose refunds go through the shop.
      for (const role of ['Finance', 'Pastor', 'PrayerTeam', 'Editor']) {
        const staff = await t.member();
        await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, staff.id]);
        const token = (await t.http.post('/api/login').send({ email: staff.email, password: staff.password }).expect(200)).body.token;
        for (const path of ['/paypal-emulator', '/paypal-emulator/control/stats']) {
          const answer = await t.http.get(path).set('authorization', `Bearer ${token}`);
          expect({ role, path, status: answer.status }).toEqual({ role, path, status: 404 });
        }
      }
    });

    it('approves only the order of the approve link it gave, and shows no other', async () => {
      const member = await t.member();
      const [bookId] = await addBooks(t, [{ title: 'Psalms for every day', pricePence: 1200 }]);
      const { createBookOrder } = await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token);
      const link = new URL(createBookOrder.approveUrl);
      expect(link.searchParams.get('token')).toBe(createBookOrder.orderID);
      const key = link.searchParams.get('key')!;
      expect(key).toBeTruthy();

      await t.http.get(`/paypal-emulator/checkoutnow?token=${createBookOrder.orderID}`).expect(404);
      await t.http.get(`/paypal-emulator/checkoutnow?token=${createBookOrder.orderID}&key=${key.slice(1)}x`).expect(404);
      await t.http.post('/paypal-emulator/checkoutnow').type('form').send({ token: createBookOrder.orderID, action: 'pay' }).expect(404);
      // The stand-in for PayPal's JS SDK asks for the same key: the order id alone approves nothing.
      await t.http.post(`/paypal-emulator/sdk/orders/${createBookOrder.orderID}/approve`).send({}).expect(404);
      await t.http.post(`/paypal-emulator/sdk/orders/${createBookOrder.orderID}/approve`).send({ key: `${key.slice(1)}x` }).expect(404);
      await t.http.get(`/paypal-emulator/sdk/orders/${createBookOrder.orderID}`).expect(404);
      const shown = await t.http.get(`/paypal-emulator/sdk/orders/${createBookOrder.orderID}`).query({ key }).expect(200);
      expect(shown.body).toMatchObject({ id: createBookOrder.orderID, status: 'PAYER_ACTION_REQUIRED' });

      const page = await t.http.get(`${link.pathname}${link.search}`).expect(200);
      expect(page.text).toContain(createBookOrder.orderID);
      const approved = await t.http.post('/paypal-emulator/checkoutnow').type('form').send({ token: createBookOrder.orderID, key, action: 'pay' }).expect(303);
      expect(approved.headers.location).toContain(`token=${createBookOrder.orderID}`);
    });

    it('signs with a secret of its own, not one derived from the JWT secret', () => {
      expect(t.config.paypal.emulatorSecret).toBeDefined();
      expect(t.config.paypal.emulatorSecret).not.toBe(t.config.jwtSecret);
    });
  });

  describe('the schema', () => {
    it('is not answered to a visitor through an inline or a named fragment', async () => {
      const inline = await t.gql('{ ... on Query { __schema { mutationType { fields { name } } } } }');
      expect(inline.data ?? null).toBeNull();
      expect(inline.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const named = await t.gql('query { ...S } fragment S on Query { __type(name: "Mutation") { fields { name } } }');
      expect(named.data ?? null).toBeNull();
      expect(named.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const member = await t.member();
      const asMember = await t.gql('{ ... on Query { __schema { queryType { name } } } }', {}, member.token);
      expect(asMember.errors[0].extensions.code).toBe('FORBIDDEN');
      const asAdmin = await t.gql('{ ... on Query { __schema { queryType { name } } } }', {}, await t.adminToken());
      expect(asAdmin.data.__schema.queryType.name).toBe('Query');
    });

    it('suggests no field names for a mistyped field', async () => {
      const answer = await t.gql('{ allPostz { id } }');
      expect(answer.errors[0].message).not.toMatch(/Did you mean/);
      expect(JSON.stringify(answer)).not.toContain('allPosts');
    });
  });

  it('logs the outbox file of a reset e-mail, never its link', async () => {
    const member = await t.member();
    const lines: string[] = [];
    const capture = (message: unknown) => void lines.push(String(message));
    // Other mail queued earlier (a welcome, a receipt) may be written meanwhile: the reset is found by its content.
    const resetMail = async () => {
      for (const line of lines) {
        const file = /written to (\S+\.eml)/.exec(line)?.[1];
        if (!file) continue;
        const mail = await readFile(file, 'utf8');
        if (mail.includes(member.email) && /reset-password\?token=/.test(mail)) return mail;
      }
      return undefined;
    };
    Logger.overrideLogger({ log: capture, error: capture, warn: capture, debug: capture, verbose: capture });
    let mail: string | undefined;
    try {
      await t.http.post('/api/send-reset-token').send({ email: member.email }).expect(200);
      const deadline = Date.now() + 15_000;
      while (!(mail = await resetMail()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      Logger.overrideLogger(['error', 'warn']);
    }
    expect(mail).toBeDefined();
    expect(lines.join('\n')).not.toMatch(/token=|reset-password/);
  });
});

describe('the production stack in docker-compose.yml', () => {
  it('requires the secrets instead of falling back to published values, and trusts one proxy hop', async () => {
    const compose = await readFile(fileURLToPath(new URL('../../docker-compose.yml', import.meta.url)), 'utf8');
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
    expect(compose).toMatch(/ADMIN_PASSWORD: \$\{ADMIN_PASSWORD:\?/);
    expect(compose).not.toMatch(/change-me-now|change-this-to/);
    expect(compose).toMatch(/TRUST_PROXY: "1"/);
  });

  it('runs no demo by default: neither the demo seed nor pretend payments', async () => {
    const compose = await readFile(fileURLToPath(new URL('../../docker-compose.yml', import.meta.url)), 'utf8');
    expect(compose).not.toMatch(/SEED_DEMO: .*true/);
    expect(compose).not.toMatch(/PAYPAL_EMULATOR: .*true/);
  });

  it('runs the app as a database role other than the owner of the schema', async () => {
    const compose = await readFile(fileURLToPath(new URL('../../docker-compose.yml', import.meta.url)), 'utf8');
    const user = (variable: string) => new URL(compose.match(new RegExp(`${variable}: (\\S+)`))![1]).username;
    expect(user('DATABASE_OWNER_URL')).toBe('ministry');
    expect(user('DATABASE_URL')).not.toBe('ministry');
  });
});

describe('the demo of a production-mode instance', () => {
  const DEMO_STAFF_EMAILS = ['pastor@example.org', 'prayer@example.org', 'editor@example.org', 'finance@example.org'];
  const signIn = (t: TestApp, email: string, password: string) => t.http.post('/api/admin-login').send({ email, password });

  it('seeds no demo unless asked: the admin account only, and no staff account answers to the admin’s password', async () => {
    const t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', SEED_DEMO: '' });
    try {
      expect(await t.db.query('SELECT email FROM users')).toEqual([{ email: ADMIN.email }]);
      expect((await t.gql('{ _allPostsMeta { count } }')).data._allPostsMeta.count).toBe(0);
      for (const email of DEMO_STAFF_EMAILS) expect((await signIn(t, email, ADMIN.password)).status).not.toBe(200);
    } finally {
      await t.close();
    }
  });

  it('seeds the demo content when asked (SEED_DEMO=true), never a staff account', async () => {
    const t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', SEED_DEMO: 'true' });
    try {
      expect((await t.gql('{ _allPostsMeta { count } }')).data._allPostsMeta.count).toBeGreaterThan(0);
      expect(await t.db.query(`SELECT email FROM users WHERE role <> 'Member'`)).toEqual([{ email: ADMIN.email }]);
    } finally {
      await t.close();
    }
  });

  it('retires at start the demo staff accounts an earlier version seeded with the admin’s password', async () => {
    const first = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' });
    const roles = ['Pastor', 'PrayerTeam', 'Editor', 'Finance'];
    await first.db.query(
      `INSERT INTO users (title, firstname, lastname, gender, marital_status, phone, email, password_hash, country, state, city, role)
       SELECT 'Brother', 'Demo', 'Staff', gender, marital_status, phone, staff.email, password_hash, country, state, city, staff.role
         FROM users, unnest($1::text[], $2::text[]) AS staff(email, role) WHERE users.email = $3`,
      [DEMO_STAFF_EMAILS, roles, ADMIN.email],
    );
    const pastor = await signIn(first, 'pastor@example.org', ADMIN.password).expect(200);
    await first.close();

    const t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' }, { database: first.databaseName });
    try {
      for (const email of DEMO_STAFF_EMAILS) expect((await signIn(t, email, ADMIN.password)).status).not.toBe(200);
      expect(await t.db.query(`SELECT DISTINCT role FROM users WHERE email = ANY($1)`, [DEMO_STAFF_EMAILS])).toEqual([{ role: 'Member' }]);
      // A session opened before the upgrade ends with it.
      const inbox = await t.gql('{ _allCareRequestsMeta { count } }', {}, pastor.body.token as string);
      expect(inbox.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const [retired] = await t.db.query(`SELECT actor_id, detail FROM audit_events WHERE action = 'role.change' ORDER BY id DESC LIMIT 1`);
      expect(retired).toEqual({ actor_id: null, detail: expect.stringMatching(/demo staff/) });
    } finally {
      await t.close();
    }
  });
});
