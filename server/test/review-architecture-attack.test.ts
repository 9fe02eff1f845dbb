import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RetentionService } from '../src/privacy/retention.service.js';
import { ADMIN, asOwner, startTestApp, TestApp } from './support/test-app.js';

const STAFF_ROLES = ['Pastor', 'PrayerTeam', 'Editor', 'Finance'] as const;
/** The export's sections before today, in their order: a restructured export may add sections, never drop or reorder these. */
const EXPORT_SECTIONS = ['exportedAt', 'profile', 'prayerRequests', 'testimonies', 'donations', 'bookOrders', 'consents', 'giftAidDeclarations', 'signIns', 'formsSent', 'formsSentLeftOut'];
const DAY_MS = 24 * 60 * 60 * 1000;
/** `expected`'s items, in order, among `actual`'s (others may sit between them). */
const inOrder = (actual: string[], expected: string[]) => actual.filter((item) => expected.includes(item));
/** Production, with the payment emulator only because no PayPal account is set in tests. */
const PRODUCTION = { NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' };

/** After today's restructuring (shared vocabulary, per-feature personal data sources, split services), attacked as an outside reviewer would. */
describe('a production-mode instance after the restructuring', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(PRODUCTION);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A member given `role` by SQL, signed in again so the token is theirs as that role. */
  const staff = async (role: string) => {
    const account = await t.member();
    await t.db.query(`UPDATE users SET role = $2 WHERE id = $1`, [account.id, role]);
    const login = await t.http.post('/api/login').set('x-forwarded-for', `10.44.${account.id % 250}.9`).send({ email: account.email, password: account.password }).expect(200);
    return { ...account, token: login.body.token as string };
  };
  const verified = (id: number) => t.db.query(`UPDATE users SET email_verified = true, email_verified_at = now() WHERE id = $1`, [id]);
  /** One form of each public kind sent with `email`; the contact enquiry carries `message`. */
  const sendForms = async (email: string, message = 'Please call me back') => {
    await t.db.query(`INSERT INTO contact_enquiries (name, email, phone, reason, message) VALUES ('Ann Sender', $1, '07700 900111', 'other', $2)`, [email, message]);
    await t.db.query(`INSERT INTO questions (email, question) VALUES ($1, 'Why?')`, [email]);
    await t.db.query(`INSERT INTO counselling_requests (name, email, phone, description) VALUES ('Ann Sender', $1, '07700 900111', 'Grief')`, [email]);
    await t.db.query(`INSERT INTO baptism_requests (name, email, phone) VALUES ('Ann Sender', $1, '07700 900111')`, [email]);
  };
  const exportOf = async (token: string) => JSON.parse((await t.gql('{ exportMyData }', {}, token)).data.exportMyData);
  const subjectAccess = (email: string, token: string) => t.gql('query($email: String!) { subjectAccessExport(email: $email) }', { email }, token);
  const eraseOwn = (password: string, token: string) => t.gql('mutation($password: String!) { deleteMyAccount(password: $password) }', { password }, token);
  const setRole = (id: number | string, role: string, token: string) => t.gql('mutation($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { id role } }', { id: String(id), role }, token);

  describe('every role against the privacy centre and role changes', () => {
    it('answers subject access, a visitor erasure and a role change to an Admin only; every other role is refused and nothing changes', async () => {
      const visitor = `visitor-${Date.now()}@test.example`;
      await sendForms(visitor);
      const target = await t.member();
      for (const role of ['Member', ...STAFF_ROLES]) {
        const { token } = await staff(role);
        const read = await subjectAccess(visitor, token);
        expect([role, read.data, read.errors?.[0]?.extensions?.code]).toEqual([role, null, 'FORBIDDEN']);
        const erased = await t.gql('mutation($email: String!) { eraseVisitorRecords(email: $email) }', { email: visitor }, token);
        expect([role, erased.errors?.[0]?.extensions?.code]).toEqual([role, 'FORBIDDEN']);
        const promoted = await setRole(target.id, 'Admin', token);
        expect([role, promoted.errors?.[0]?.extensions?.code]).toEqual([role, 'FORBIDDEN']);
      }
      expect(await t.db.query(`SELECT role FROM users WHERE id = $1`, [target.id])).toEqual([{ role: 'Member' }]);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM contact_enquiries WHERE email = $1`, [visitor])).toEqual([{ n: 1 }]);

      const admin = await t.adminToken();
      const answered = JSON.parse((await subjectAccess(visitor, admin)).data.subjectAccessExport);
      expect(inOrder(Object.keys(answered), EXPORT_SECTIONS)).toEqual(EXPORT_SECTIONS);
      expect(answered.formsSent.map((form: { form: string }) => form.form)).toEqual(['Contact enquiry', 'Question', 'Counselling request', 'Baptism request']);
      expect((await setRole(target.id, 'Finance', admin)).data.updateUser).toEqual({ id: String(target.id), role: 'Finance' });
    });

    it('exports nothing and erases nothing without a token, on GraphQL or the download path', async () => {
      expect((await t.gql('{ exportMyData }')).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect((await eraseOwn(ADMIN.password, '')).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect((await t.http.get('/api/me/export')).status).toBe(401);
      expect((await t.http.get('/api/me/export?format=html').set('authorization', 'Bearer not-a-token')).status).toBe(401);
    });

    it('gives every role its own export with every section, and forms under an unverified address stay out until it is verified', async () => {
      for (const role of ['Member', 'Admin', ...STAFF_ROLES]) {
        const account = await staff(role);
        await sendForms(account.email);
        const before = await exportOf(account.token);
        expect([role, inOrder(Object.keys(before), EXPORT_SECTIONS)]).toEqual([role, EXPORT_SECTIONS]);
        expect([role, before.profile.id, before.profile.role, before.formsSent, typeof before.formsSentLeftOut]).toEqual([role, account.id, role, [], 'string']);
        await verified(account.id);
        const after = await exportOf(account.token);
        expect([role, after.formsSent.length, after.formsSentLeftOut]).toEqual([role, 4, null]);
        expect(after.formsSent.every((form: { email: string; assignee_id?: unknown }) => form.email === account.email && !('assignee_id' in form))).toBe(true);
      }
    });

    it('refuses a role by mass assignment at registration, and an unknown or prototype role at a role change', async () => {
      const email = `mass-${Date.now()}@test.example`;
      const registered = await t.http
        .post('/api/register')
        .set('x-forwarded-for', '10.45.0.1')
        .send({ title: 'Brother', firstname: 'Mass', lastname: 'Assign', gender: 'male', marital_status: 'single', phone: '+44 7700 900123', email, password: 'a-good-password', country: 'United Kingdom', state: 'England', city: 'London', address: '1 Church Street', role: 'Admin' });
      if (registered.status === 201) expect(await t.db.query(`SELECT role FROM users WHERE email = $1`, [email])).toEqual([{ role: 'Member' }]);
      else expect(registered.status).toBe(400);
      const target = await t.member();
      const admin = await t.adminToken();
      for (const role of ['__proto__', 'constructor', 'toString', 'admin', 'Admin ']) {
        const answer = await setRole(target.id, role, admin);
        expect([role, answer.data?.updateUser ?? null]).toEqual([role, null]);
        expect(answer.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
      }
      expect(await t.db.query(`SELECT role FROM users WHERE id = $1`, [target.id])).toEqual([{ role: 'Member' }]);
    });
  });

  describe('the last Admin', () => {
    it('keeps one Admin when two Admins demote each other at the same moment, and refuses the last one erasing their account', async () => {
      await t.db.query(`UPDATE users SET role = 'Member' WHERE role = 'Admin' AND email <> $1`, [ADMIN.email]);
      const other = await staff('Admin');
      const [me] = await t.db.query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]);
      const admin = await t.adminToken();
      const answers = await Promise.all([setRole(other.id, 'Member', admin), setRole(me.id, 'Member', other.token)]);
      expect(answers.filter((answer) => answer.data?.updateUser).length).toBe(1);
      const admins: { id: number }[] = await t.db.query(`SELECT id FROM users WHERE role = 'Admin'`);
      expect(admins.length).toBe(1);
      // Whoever is left is the last: neither a self-demotion nor an erasure takes the role away.
      const survivor = admins[0].id === me.id ? { token: admin, password: ADMIN.password } : other;
      expect((await setRole(admins[0].id, 'Editor', survivor.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'role' });
      expect((await eraseOwn(survivor.password, survivor.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'Admin' AND erased_at IS NULL`)).toEqual([{ n: 1 }]);
      // Put back for the tests after this one.
      if (admins[0].id !== me.id) await t.db.query(`UPDATE users SET role = 'Admin' WHERE id = $1`, [me.id]);
    });

    it('lets only one of two Admins erase their account when both ask at once, leaving the other Admin', async () => {
      const first = await staff('Admin');
      const second = await staff('Admin');
      // Every other Admin steps aside so these two are the only ones.
      await t.db.query(`UPDATE users SET role = 'Editor' WHERE role = 'Admin' AND id <> ALL($1::int[])`, [[first.id, second.id]]);
      try {
        const answers = await Promise.all([eraseOwn(first.password, first.token), eraseOwn(second.password, second.token)]);
        expect(answers.filter((answer) => answer.data?.deleteMyAccount === true).length).toBe(1);
        expect(await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'Admin' AND erased_at IS NULL AND id = ANY($1::int[])`, [[first.id, second.id]])).toEqual([{ n: 1 }]);
      } finally {
        await t.db.query(`UPDATE users SET role = 'Admin' WHERE email = $1`, [ADMIN.email]);
      }
    });

    it('counts no erased account as the other Admin: making one Admin does not let the last real Admin step down', async () => {
      await t.db.query(`UPDATE users SET role = 'Member' WHERE role = 'Admin' AND email <> $1`, [ADMIN.email]);
      const leaver = await t.member();
      expect(await eraseOwn(leaver.password, leaver.token)).toEqual({ data: { deleteMyAccount: true } });
      const admin = await t.adminToken();
      const [me] = await t.db.query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]);
      const promoted = await setRole(leaver.id, 'Admin', admin);
      const stepDown = promoted.data?.updateUser ? await setRole(me.id, 'Editor', admin) : null;
      const usable = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'Admin' AND erased_at IS NULL`);
      await t.db.query(`UPDATE users SET role = 'Admin' WHERE id = $1`, [me.id]);
      await t.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [leaver.id]);
      expect({ promoted: promoted.data?.updateUser ?? null, steppedDown: stepDown?.data?.updateUser ?? null, usable }).toEqual({ promoted: null, steppedDown: null, usable: [{ n: 1 }] });
    });
  });

  describe('erasure', () => {
    it('erases every table a member reaches: forms under their verified address, prayers, testimonies, sign-ins, links, counters, delivery address', async () => {
      const member = await t.member();
      await verified(member.id);
      await sendForms(member.email);
      const stranger = `stranger-${member.id}@test.example`;
      await sendForms(stranger);
      await t.db.query(`INSERT INTO prayer_requests (title, body, user_id, expires_at) VALUES ('Healing', 'For my aunt', $1, now() + interval '30 days')`, [member.id]);
      await t.db.query(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) SELECT $1, md5(random()::text), now() + interval '1 hour'`, [member.id]);
      expect(await eraseOwn(member.password, member.token)).toEqual({ data: { deleteMyAccount: true } });

      const counts = await t.db.query(
        `SELECT (SELECT count(*) FROM contact_enquiries WHERE lower(email) = lower($2)) + (SELECT count(*) FROM questions WHERE lower(email) = lower($2))
              + (SELECT count(*) FROM counselling_requests WHERE lower(email) = lower($2)) + (SELECT count(*) FROM baptism_requests WHERE lower(email) = lower($2)) AS forms,
                (SELECT count(*) FROM prayer_requests WHERE user_id = $1) AS prayers, (SELECT count(*) FROM sign_ins WHERE user_id = $1) AS sign_ins,
                (SELECT count(*) FROM password_reset_tokens WHERE user_id = $1) AS resets, (SELECT count(*) FROM email_verification_tokens WHERE user_id = $1) AS links,
                (SELECT count(*) FROM users WHERE email = $2) AS addresses,
                (SELECT count(*) FROM contact_enquiries WHERE email = $3) AS strangers`,
        [member.id, member.email, stranger],
      );
      expect(counts).toEqual([{ forms: '0', prayers: '0', sign_ins: '0', resets: '0', links: '0', addresses: '0', strangers: '1' }]);
    });

    it('erases an account once when its owner asks twice at the same moment: one erasure on the trail, no mail to the erased address', async () => {
      const member = await t.member();
      await verified(member.id);
      const answers = await Promise.all([eraseOwn(member.password, member.token), eraseOwn(member.password, member.token)]);
      expect(answers.some((answer) => answer.data?.deleteMyAccount === true)).toBe(true);
      const [{ erasures }] = await t.db.query(`SELECT count(*)::int AS erasures FROM audit_events WHERE action = 'account.erase' AND $1 = ANY(record_ids)`, [String(member.id)]);
      const outbox = join(t.config.dataDir, 'outbox');
      const files = existsSync(outbox) ? await readdir(outbox) : [];
      const toErased = [];
      for (const file of files) if ((await readFile(join(outbox, file), 'utf8')).includes(`erased-${member.id}@erased.invalid`)) toErased.push(file);
      expect({ erasures, toErased }).toEqual({ erasures: 1, toErased: [] });
    });

    it('refuses a retried erasure with the old token, after the first went through', async () => {
      const member = await t.member();
      expect(await eraseOwn(member.password, member.token)).toEqual({ data: { deleteMyAccount: true } });
      const retried = await eraseOwn(member.password, member.token);
      expect(retried.data).toBeNull();
      expect(retried.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'account.erase' AND $1 = ANY(record_ids)`, [String(member.id)])).toEqual([{ n: 1 }]);
    });

    it("erases a visitor's forms by the exact address only: a pattern or another case of it takes nothing else", async () => {
      const visitor = `Pattern-${Date.now()}@test.example`;
      await sendForms(visitor);
      await sendForms(`other-${Date.now()}@test.example`);
      const admin = await t.adminToken();
      const erase = (email: string) => t.gql('mutation($email: String!) { eraseVisitorRecords(email: $email) }', { email }, admin);
      for (const pattern of ['%', '_%@test.example', '%@test.example']) {
        const answer = await erase(pattern);
        expect([pattern, answer.data?.eraseVisitorRecords ?? 0]).toEqual([pattern, 0]);
      }
      expect((await erase(`  ${visitor.toLowerCase()} `)).data.eraseVisitorRecords).toBe(4);
      expect((await erase(visitor)).data.eraseVisitorRecords).toBe(0);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM questions WHERE email LIKE 'other-%'`)).not.toEqual([{ n: 0 }]);
    });
  });

  describe('hostile strings in exported fields', () => {
    it("keeps a formula, CR/LF, markup and '__proto__' in a form or profile as plain data in the JSON and HTML exports", async () => {
      const member = await t.member();
      await verified(member.id);
      const formula = '=HYPERLINK("http://evil.test","x")';
      await sendForms(member.email, `${formula}\r\nBcc: victim@test.example\r\n__proto__`);
      await t.db.query(`UPDATE users SET firstname = '<img src=x onerror=alert(1)>', lastname = '__proto__', city = 'constructor' WHERE id = $1`, [member.id]);
      const data = await exportOf(member.token);
      expect(data.profile).toMatchObject({ firstname: '<img src=x onerror=alert(1)>', lastname: '__proto__', city: 'constructor' });
      expect(data.formsSent[0].message).toBe(`${formula}\r\nBcc: victim@test.example\r\n__proto__`);
      expect(Object.getPrototypeOf(data.formsSent[0])).toBe(Object.prototype);

      const page = await t.http.get('/api/me/export?format=html').set('authorization', `Bearer ${member.token}`).expect(200);
      expect(page.text).not.toContain('<img src=x');
      expect(page.text).toContain('&#60;img src=x onerror=alert(1)&#62;');
      expect(page.headers['content-disposition']).toMatch(/^attachment; filename="?my-data\.html"?$/);
    });
  });

  describe('odd ids', () => {
    it('answers an id too large for the database, zero, negative or a prototype name as a bad input or not found, never a server error', async () => {
      const admin = await t.adminToken();
      const codes: string[] = [];
      for (const id of ['999999999999999', '2147483648', '0', '-1', '1e3', '0x10', ' 1']) {
        const answer = await setRole(id, 'Editor', admin);
        codes.push(`updateUser ${id}: ${answer.errors?.[0]?.extensions?.code}`);
      }
      for (const id of ['PrayerRequest-999999999999999', 'ContactEnquiry-2147483648', 'constructor-1', '__proto__-1', 'hasOwnProperty-1', 'PrayerRequest-0']) {
        const answer = await t.gql('query($id: ID!) { CareRequest(id: $id) { id } }', { id }, admin);
        codes.push(`CareRequest ${id}: ${answer.errors?.[0]?.extensions?.code}`);
      }
      for (const id of ['999999999999999', '2147483648']) {
        const answer = await t.gql('query($id: ID!) { User(id: $id) { id } }', { id }, admin);
        codes.push(`User ${id}: ${answer.errors?.[0]?.extensions?.code}`);
      }
      expect(codes.filter((code) => !/: (BAD_USER_INPUT|NOT_FOUND)$/.test(code))).toEqual([]);
    });

    it('answers an id too large for the database on the legacy paths with a 400 or a 404, never a 500', async () => {
      const admin = await t.adminToken();
      const as = (call: ReturnType<typeof t.http.get>) => call.set('authorization', `Bearer ${admin}`);
      const statuses: Record<string, number> = {};
      for (const id of ['999999999999999', '2147483648']) {
        statuses[`GET all-posts-by-category/${id}`] = (await as(t.http.get(`/api/all-posts-by-category/${id}`))).status;
        statuses[`PUT update-post/${id}`] = (await as(t.http.put(`/api/update-post/${id}`)).send({ name: 'Renamed' })).status;
        statuses[`DELETE delete-post/${id}`] = (await as(t.http.delete(`/api/delete-post/${id}`))).status;
        statuses[`PUT update-video/${id}`] = (await as(t.http.put(`/api/update-video/${id}`)).send({ title: 'Renamed' })).status;
      }
      expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    });
  });

  describe('the care inbox under the shared vocabulary', () => {
    it('shows the prayer team only prayers shared with it and no inbox; pastors every request with contact details; other roles nothing', async () => {
      const member = await t.member();
      const ids: Record<string, string> = {};
      for (const privacy of ['PastorsOnly', 'PrayerTeam', 'PrayerWall']) {
        const [row] = await t.db.query(`INSERT INTO prayer_requests (title, body, user_id, privacy, wall_name, expires_at)
           VALUES ($1, 'Please pray', $2, $3, CASE WHEN $3 = 'PrayerWall' THEN 'Anonymous' END, now() + interval '30 days') RETURNING id`, [
          `Inbox ${privacy} ${member.id}`,
          member.id,
          privacy,
        ]);
        ids[privacy] = `PrayerRequest-${row.id}`;
      }
      const [enquiry] = await t.db.query(`INSERT INTO contact_enquiries (name, email, phone, reason, message) VALUES ('Inbox Sender', 'inbox-${member.id}@test.example', '07700 900333', 'other', 'Hello') RETURNING id`);
      const mine = [...Object.values(ids), `ContactEnquiry-${enquiry.id}`];
      // Staff may ask for long pages; a member's page size is refused as too long before the role is, so 100.
      const inbox = async (token: string, perPage = 100) => {
        const answer = await t.gql('query($perPage: Int) { allCareRequests(perPage: $perPage) { id requesterEmail requesterPhone } }', { perPage }, token);
        return answer.data ? answer.data.allCareRequests.filter((row: { id: string }) => mine.includes(row.id)) : `${answer.errors[0].extensions.code} ${answer.errors[0].message}`;
      };
      // The prayer team has no care inbox: its own list shows the prayers shared with it, and no other.
      const { token: team } = await staff('PrayerTeam');
      expect(await inbox(team)).toMatch(/^FORBIDDEN/);
      const shared = await t.gql('query($userId: ID) { allPrayerRequests(filter: { userId: $userId }) { id privacy } }', { userId: String(member.id) }, team);
      expect(shared.data.allPrayerRequests.map((row: { privacy: string }) => row.privacy).sort()).toEqual(['PrayerTeam', 'PrayerWall']);
      const hidden = await t.gql('query($id: ID!) { PrayerRequest(id: $id) { id body } }', { id: ids.PastorsOnly.replace('PrayerRequest-', '') }, team);
      expect(hidden.data).toBeNull();
      const { token: pastor } = await staff('Pastor');
      const seen = await inbox(pastor, 1000);
      expect(seen.map((row: { id: string }) => row.id).sort()).toEqual([...mine].sort());
      expect(seen.find((row: { id: string }) => row.id === `ContactEnquiry-${enquiry.id}`).requesterEmail).toBe(`inbox-${member.id}@test.example`);
      for (const role of ['Member', 'Editor', 'Finance']) {
        const { token } = await staff(role);
        expect([role, await inbox(token)]).toEqual([role, expect.stringMatching(/^FORBIDDEN/)]);
      }
    });
  });

  describe('site images, now made by one resolver factory', () => {
    it('lets content staff only write them, and checks an update as a create: a bad position, image or multi-line title is refused naming it', async () => {
      const [slide] = await t.db.query(`INSERT INTO slider_images (title, image, position) VALUES ('Welcome', NULL, 1) RETURNING id::text`);
      const [visit] = await t.db.query(`INSERT INTO visit_images (title, image) VALUES ('Hall', NULL) RETURNING id::text`);
      const update = (mutation: string, args: Record<string, unknown>, token?: string) => {
        const [position, positionArg] = mutation === 'updateSliderImage' ? [', $position: Int', ', position: $position'] : ['', ''];
        return t.gql(`mutation($id: ID!, $title: String, $image: String${position}) { ${mutation}(id: $id, title: $title, image: $image${positionArg}) { id } }`, args, token);
      };
      for (const role of ['Member', 'Pastor', 'PrayerTeam', 'Finance']) {
        const { token } = await staff(role);
        const answer = await update('updateSliderImage', { id: slide.id, title: 'Defaced' }, token);
        expect([role, answer.errors?.[0]?.extensions?.code]).toEqual([role, 'FORBIDDEN']);
        const created = await t.gql('mutation { createVisitImage(image: "/uploads/x.webp", title: "Defaced") { id } }', {}, token);
        expect([role, created.errors?.[0]?.extensions?.code]).toEqual([role, 'FORBIDDEN']);
      }
      expect((await update('updateVisitImage', { id: visit.id, title: 'Defaced' })).errors[0].extensions.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);

      const { token: editor } = await staff('Editor');
      const refused: Record<string, unknown> = {};
      const fieldOf = async (label: string, answer: Promise<{ errors: any[] }>) => {
        const { errors } = await answer;
        refused[label] = errors?.[0]?.extensions ? `${errors[0].extensions.code} ${errors[0].extensions.field ?? ''}`.trim() : 'accepted';
      };
      await fieldOf('slide position -1', update('updateSliderImage', { id: slide.id, position: -1 }, editor));
      await fieldOf('slide title CR/LF', update('updateSliderImage', { id: slide.id, title: 'Line one\r\nLine two' }, editor));
      await fieldOf('visit title CR/LF', update('updateVisitImage', { id: visit.id, title: 'Line one\r\nLine two' }, editor));
      await fieldOf('visit image javascript:', update('updateVisitImage', { id: visit.id, image: 'javascript:alert(1)' }, editor));
      await fieldOf('visit image elsewhere', update('updateVisitImage', { id: visit.id, image: 'https://evil.test/x.png' }, editor));
      await fieldOf('create slide javascript:', t.gql('mutation { createSliderImage(image: "javascript:alert(1)") { id } }', {}, editor));
      expect(refused).toEqual({
        'slide position -1': 'BAD_USER_INPUT position',
        'slide title CR/LF': 'BAD_USER_INPUT title',
        'visit title CR/LF': 'BAD_USER_INPUT title',
        'visit image javascript:': 'BAD_USER_INPUT image',
        'visit image elsewhere': 'BAD_USER_INPUT image',
        'create slide javascript:': 'BAD_USER_INPUT image',
      });
      expect(await t.db.query(`SELECT title, image, position FROM slider_images WHERE id = $1`, [slide.id])).toEqual([{ title: 'Welcome', image: null, position: 1 }]);
      const legacy = await t.http.put(`/api/update-slider-image/${slide.id}`).set('authorization', `Bearer ${editor}`).send({ position: -1 });
      expect(legacy.status).toBe(400);
    });
  });

  describe('the retention run', () => {
    it('prints every line of the schedule from before the sources were split, in the same order, to anyone', async () => {
      const { data } = await t.gql('{ retentionSchedule { record } }');
      const before = [
        'Contact enquiries, questions, counselling and baptism requests',
        'Prayer requests',
        'Sign-in history',
        'Links sent to confirm an e-mail address or reset a password',
        'A new e-mail address waiting for confirmation',
        'Copies of e-mails sent, and e-mails that could not be delivered',
        'Donations and book orders',
        'Gift Aid declarations and claims',
      ];
      expect(inOrder(data.retentionSchedule.map((rule: { record: string }) => rule.record), before)).toEqual(before);
    });

    it('leaves the outbox copies and every row as they were when the run fails, and deletes the due ones once a run commits', async () => {
      const outbox = join(t.config.dataDir, 'outbox');
      await mkdir(outbox, { recursive: true });
      const old = join(outbox, 'old-message.eml');
      await writeFile(old, 'To: someone@test.example\r\n\r\nOld');
      const longAgo = new Date(Date.now() - 400 * DAY_MS);
      await utimes(old, longAgo, longAgo);
      const [closed] = await t.db.query(
        `INSERT INTO counselling_requests (name, email, phone, description, status, closed_at) VALUES ('Old Case', 'old-case@test.example', '07700 900222', 'Old grief', 'Closed', now() - interval '30 months') RETURNING id`,
      );
      const retention = t.app.get(RetentionService);

      await asOwner(t.databaseName, (client) =>
        client.query(`CREATE FUNCTION refuse_retention() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'retention.run' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
                      CREATE TRIGGER refuse_retention BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_retention();`),
      );
      try {
        await expect(retention.run(new Date())).rejects.toThrow();
      } finally {
        await asOwner(t.databaseName, (client) => client.query(`DROP TRIGGER refuse_retention ON audit_events; DROP FUNCTION refuse_retention();`));
      }
      expect(existsSync(old)).toBe(true);
      expect(await t.db.query(`SELECT name, anonymised_at IS NULL AS kept FROM counselling_requests WHERE id = $1`, [closed.id])).toEqual([{ name: 'Old Case', kept: true }]);

      const done = await retention.run(new Date());
      expect(done).toMatch(/outbox files deleted/);
      expect(done).toMatch(/counselling requests anonymised/);
      expect(existsSync(old)).toBe(false);
      expect(await t.db.query(`SELECT name, email, description FROM counselling_requests WHERE id = $1`, [closed.id])).toEqual([{ name: '', email: '', description: '' }]);
    });
  });
});

describe('the demo seed of a production-mode instance', () => {
  it('seeds nothing without SEED_DEMO: no member, request, gift, claim or audit line of the demo', async () => {
    const t = await startTestApp(PRODUCTION);
    try {
      const [counts] = await t.db.query(
        `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM contact_enquiries)::int + (SELECT count(*) FROM questions)::int
              + (SELECT count(*) FROM counselling_requests)::int + (SELECT count(*) FROM baptism_requests)::int + (SELECT count(*) FROM prayer_requests)::int AS requests,
                (SELECT count(*) FROM donations)::int AS gifts, (SELECT count(*) FROM gift_aid_declarations)::int AS declarations, (SELECT count(*) FROM gift_aid_claims)::int AS claims`,
      );
      expect(counts).toEqual({ users: 1, requests: 0, gifts: 0, declarations: 0, claims: 0 });
    } finally {
      await t.close();
    }
  });

  describe('with SEED_DEMO', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ ...PRODUCTION, SEED_DEMO: 'true' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('invents people nobody can sign in as, on reserved addresses and drama-range phone numbers', async () => {
      const people: { email: string; phone: string }[] = await t.db.query(`SELECT email, phone FROM users WHERE email <> $1`, [ADMIN.email]);
      expect(people.length).toBeGreaterThan(0);
      for (const password of [ADMIN.password, 'demo-staff-password', 'a-good-password', 'password']) {
        for (const { email } of people) {
          const login = await t.http.post('/api/login').set('x-forwarded-for', `10.46.${Math.floor(Math.random() * 250)}.1`).send({ email, password });
          expect([email, password, login.status]).not.toEqual([email, password, 200]);
        }
      }
      const forms: { email: string; phone: string }[] = await t.db.query(
        `SELECT email, phone FROM contact_enquiries UNION ALL SELECT email, '' FROM questions UNION ALL SELECT email, phone FROM counselling_requests UNION ALL SELECT email, phone FROM baptism_requests`,
      );
      const reserved = /@(.+\.)?example\.(com|org|net)$|\.(test|invalid|example)$/;
      // Ofcom's drama ranges: 07700 900000-900999 and 020 7946 0000-0999.
      const dramaPhone = (phone: string) => phone === '' || /^(\+44 ?7700 ?900|07700 ?900)\d{3}$/.test(phone) || /^(\+44 ?20|020) ?7946 ?0\d{3}$/.test(phone);
      expect([...people, ...forms].filter(({ email, phone }) => !reserved.test(email) || !dramaPhone(phone))).toEqual([]);
    });

    it("puts on the real Admin's name no read of a care or Gift Aid record they never made", async () => {
      const [admin] = await t.db.query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]);
      const invented = await t.db.query(`SELECT action, record_kind AS "recordKind" FROM audit_events WHERE actor_id = $1 ORDER BY id`, [admin.id]);
      expect(invented).toEqual([]);
    });
  });
});
