import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { requestsOwnSql, startTestApp, TestApp } from './support/test-app.js';

const STAFF = 'team@test.example';

/** A fresh client address per call, so the per-address limits only bite where a test means them to. */
let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `198.51.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};

const forms = {
  'contact-us': {
    table: 'contact_enquiries',
    payload: () => ({ name: 'Mary Jones', email: 'mary@test.example', phone: '+44 20 7946 0000', reason: 'prayer', message: 'Please pray for my family.' }),
  },
  question: {
    table: 'questions',
    payload: () => ({ email: 'asker@test.example', question: 'How do I become a Christian?' }),
  },
  counselling: {
    table: 'counselling_requests',
    payload: () => ({ email: 'seeker@test.example', phone: '07700 900456', name: 'Sam Smith', description: 'Marriage counselling, please.' }),
  },
  baptism: {
    table: 'baptism_requests',
    payload: () => ({ email: 'convert@test.example', name: 'Ada Obi', phone: '(020) 7946-0001' }),
  },
} as const;

/** What a person reads when they leave each field of the forms empty. */
const MISSING: Record<string, string> = {
  name: 'Enter your full name',
  email: 'Enter your email address',
  phone: 'Enter your phone number',
  reason: 'Choose a reason',
  message: 'Enter a short description',
  question: 'Enter your question',
  description: 'Enter a short description',
};

describe('requests and pastoral care', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;

  const count = async (table: string) => (await t.db.query(`SELECT count(*)::int AS count FROM ${table}`))[0].count as number;
  const mailJobs = async () => (await t.db.query(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'mail'`))[0].count as number;
  const post = (path: string, body: object) => t.http.post(`/api/${path}`).set('x-forwarded-for', nextAddress()).send(body);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: STAFF });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // Mail goes out through the job queue one message a second, so the tests that wait for mail run first.
  it('e-mails staff a link to the admin console and the sender an acknowledgement, never what they wrote', async () => {
    const sender = 'grateful@test.example';
    const secret = 'my private burden 7d1f';
    const { body } = await post('counselling', { ...forms.counselling.payload(), email: sender, description: secret }).expect(201);

    const staff = await smtp.waitFor((m) => m.to.includes(STAFF) && m.subject === `New counselling request #${body.id}`);
    expect(staff.text).toContain(`http://site.test/admin/care/CounsellingRequest-${body.id}/show`);
    expect(staff.raw).not.toContain(secret);

    const ack = await smtp.waitFor((m) => m.to.includes(sender) && m.subject === 'Your message has been received');
    expect(ack.text).toContain('We will contact you shortly');
    expect(ack.raw).not.toContain(secret);
  });

  it('lets a member make a prayer request for themselves only, and acknowledges it to their e-mail', async () => {
    const member = await t.member();
    const other = await t.member();
    await t.http.post('/api/make-prayer-request').send({ title: 'Healing', body: 'For my mother', usersId: member.id }).expect(401);
    const before = await count('prayer_requests');
    const forged = await t.http.post('/api/make-prayer-request').set(bearer(member.token)).send({ title: 'Healing', body: 'For my mother', usersId: other.id }).expect(403);
    expect(forged.body.errors[0]).toEqual({ msg: 'usersId must be your own user id', path: '' });
    const missing = await t.http.post('/api/make-prayer-request').set(bearer(member.token)).send({ body: 'For my mother', usersId: member.id }).expect(400);
    expect(missing.body.errors[0]).toEqual({ msg: 'Enter a title', path: 'title' });
    expect(await count('prayer_requests')).toBe(before);

    const made = await t.http.post('/api/make-prayer-request').set(bearer(member.token)).send({ title: 'Healing', body: 'For my mother', usersId: member.id }).expect(201);
    expect(made.body).toMatchObject({ title: 'Healing', body: 'For my mother', userId: member.id, status: 'New' });

    const staff = await smtp.waitFor((m) => m.to.includes(STAFF) && m.subject === `New prayer request #${made.body.id}`);
    expect(staff.text).toContain(`http://site.test/admin/care/PrayerRequest-${made.body.id}/show`);
    const ack = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Your message has been received');
    expect(ack.raw).not.toContain('For my mother');
  });

  describe.each(Object.entries(forms))('POST /api/%s', (path, form) => {
    it('stores a valid request and answers 201 with its id', async () => {
      const payload = form.payload();
      const response = await post(path, payload).expect(201);
      expect(response.body).toEqual({ id: expect.any(Number), createdAt: expect.any(String) });
      const [row] = await t.db.query(`SELECT * FROM ${form.table} WHERE id = $1`, [response.body.id]);
      expect(row).toMatchObject({ ...payload, status: 'New', note: null });
    });

    it.each(Object.keys(form.payload()))('names a missing %s and stores nothing', async (field) => {
      const before = await count(form.table);
      const payload: Record<string, string> = { ...form.payload() };
      delete payload[field];
      const response = await post(path, payload).expect(400);
      expect(response.body.errors[0]).toEqual({ msg: MISSING[field], path: field });
      const blank = await post(path, { ...form.payload(), [field]: '   ' }).expect(400);
      expect(blank.body.errors[0]).toEqual({ msg: MISSING[field], path: field });
      expect(await count(form.table)).toBe(before);
    });

    it('refuses a malformed e-mail address and unknown fields', async () => {
      const before = await count(form.table);
      const email = await post(path, { ...form.payload(), email: 'not-an-address' }).expect(400);
      expect(email.body.errors[0]).toEqual({ msg: 'Enter your email address in the correct format, like name@example.com', path: 'email' });
      const unknown = await post(path, { ...form.payload(), status: 'Closed' }).expect(400);
      expect(unknown.body.errors[0].path).toBe('status');
      expect(await count(form.table)).toBe(before);
    });
  });

  it('refuses a reason outside the list, a 10,000-character name, a bad phone and a message over 5,000 characters', async () => {
    const before = await count('contact_enquiries');
    const contact = forms['contact-us'].payload();
    const reason = await post('contact-us', { ...contact, reason: 'funeral' }).expect(400);
    expect(reason.body.errors[0]).toEqual({ msg: 'Choose a reason from the list', path: 'reason' });
    const name = await post('contact-us', { ...contact, name: 'n'.repeat(10_000) }).expect(400);
    expect(name.body.errors[0]).toEqual({ msg: 'Your full name must be 100 characters or fewer', path: 'name' });
    const phone = await post('contact-us', { ...contact, phone: 'call me maybe' }).expect(400);
    expect(phone.body.errors[0].path).toBe('phone');
    const message = await post('contact-us', { ...contact, message: 'm'.repeat(5001) }).expect(400);
    expect(message.body.errors[0].path).toBe('message');
    expect(await count('contact_enquiries')).toBe(before);
    await post('contact-us', { ...contact, message: 'm'.repeat(5000) }).expect(201);
  });

  it('stores HTML in a message as text, verbatim, and answers the same string in GraphQL and REST', async () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)> <b>bold</b> & more';
    const { body } = await post('contact-us', { ...forms['contact-us'].payload(), message: html }).expect(201);
    const [row] = await t.db.query('SELECT message FROM contact_enquiries WHERE id = $1', [body.id]);
    expect(row.message).toBe(html);
    const shown = await t.gql('query($id: ID!) { ContactEnquiry(id: $id) { message } }', { id: body.id }, admin);
    expect(shown.data.ContactEnquiry.message).toBe(html);
    const table = await t.http.get('/api/all-contacts').set(bearer(admin)).expect(200);
    expect(table.headers['content-type']).toMatch(/^application\/json/);
    expect(table.body.find((r: { id: number }) => r.id === body.id).message).toBe(html);
  });

  it('answers the 21st contact submission from one address within a minute with 429, on REST and GraphQL alike', async () => {
    const address = '203.0.113.21';
    for (let n = 1; n <= 20; n += 1) {
      await t.http.post('/api/contact-us').set('x-forwarded-for', address).send(forms['contact-us'].payload()).expect(201);
    }
    const before = await count('contact_enquiries');
    await t.http.post('/api/contact-us').set('x-forwarded-for', address).send(forms['contact-us'].payload()).expect(429);
    const viaGraphQL = await t.http
      .post('/graphql')
      .set('x-forwarded-for', address)
      .send({ query: 'mutation { createContactEnquiry(name: "A", email: "a@test.example", phone: "0123456789", reason: "other", message: "Hi") { id } }' });
    expect(viaGraphQL.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(await count('contact_enquiries')).toBe(before);
    await post('contact-us', forms['contact-us'].payload()).expect(201);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const trap = 'bot-trap@test.example';
    const before = await count('questions');
    const jobsBefore = await mailJobs();
    const response = await post('question', { email: trap, question: 'Buy cheap watches', website: 'http://spam.example' }).expect(201);
    expect(response.body).toEqual({ id: expect.anything(), createdAt: expect.any(String) });
    const gql = await t.http
      .post('/graphql')
      .set('x-forwarded-for', nextAddress())
      .send({ query: `mutation { createBaptismRequest(name: "Bot", email: "${trap}", phone: "0123456789", website: "x") { id createdAt } }` });
    expect(gql.body.data.createBaptismRequest.createdAt).toEqual(expect.any(String));
    expect(await count('questions')).toBe(before);
    // A delivered job keeps its row but not its data, so the rows are counted, not the addresses in them.
    expect(await mailJobs()).toBe(jobsBefore);
  });

  it('acknowledges at most five requests an hour to one address, so the forms cannot flood an inbox', async () => {
    const victim = 'someone-else@test.example';
    const ids: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      ids.push((await post('question', { email: victim, question: `Question ${n}` }).expect(201)).body.id);
    }
    for (const id of ids) await smtp.waitFor((m) => m.to.includes(STAFF) && m.subject === `New question #${id}`);
    const toVictim = () => smtp.received.filter((m) => m.to.includes(victim)).length;
    await smtp.waitFor(() => toVictim() >= 5);
    // A job keeps the address until it is marked delivered, just after the message arrives: once none is left,
    // every acknowledgement queued has arrived and no more can come.
    const waiting = async () => (await t.db.query(`SELECT count(*)::int AS waiting FROM pgboss.job WHERE data->>'to' = $1`, [victim]))[0].waiting;
    await eventually(async () => (await waiting()) === 0);
    expect(toVictim()).toBe(5);
  });

  it('creates each public kind through GraphQL, answering only id and createdAt, and names a bad field', async () => {
    const created = await t.gql(
      `mutation {
        contact: createContactEnquiry(name: "G", email: "g@test.example", phone: "0123456789", reason: "wedding", message: "Hello") { id createdAt }
        question: createQuestion(email: "g@test.example", question: "Why?") { id }
        counselling: createCounsellingRequest(name: "G", email: "g@test.example", phone: "0123456789", description: "Help") { id }
        baptism: createBaptismRequest(name: "G", email: "g@test.example", phone: "0123456789") { id }
      }`,
    );
    expect(created.errors).toBeUndefined();
    const [row] = await t.db.query('SELECT reason FROM contact_enquiries WHERE id = $1', [created.data.contact.id]);
    expect(row.reason).toBe('wedding');

    const bad = await t.gql('mutation { createQuestion(email: "g@test.example", question: "") { id } }');
    expect(bad.errors[0].message).toBe('Enter your question');
    expect(bad.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'question' });
  });

  it('keeps the review lists and follow-up for admins', async () => {
    const member = await t.member();
    for (const path of ['all-contacts', 'all-questions', 'all-counselling', 'all-baptism', 'all-prayer-requests']) {
      await t.http.get(`/api/${path}`).expect(401);
      await t.http.get(`/api/${path}`).set(bearer(member.token)).expect(403);
      const list = await t.http.get(`/api/${path}`).set(bearer(admin)).expect(200);
      expect(Array.isArray(list.body)).toBe(true);
    }
    const baptisms = await t.http.get('/api/all-baptism').set(bearer(admin)).expect(200);
    expect(baptisms.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String), email: expect.any(String), phone: expect.any(String), status: 'New', note: null, createdAt: expect.any(String), assigneeId: null, closedAt: null, lastReplyAt: null });

    const asMember = await t.gql('{ allQuestions { id } }', {}, member.token);
    expect(asMember.errors[0].extensions.code).toBe('FORBIDDEN');
    const asVisitor = await t.gql('{ _allBaptismRequestsMeta { count } }');
    expect(asVisitor.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const update = await t.gql('mutation { updateQuestion(id: 1, status: Closed) { id } }', {}, member.token);
    expect(update.errors[0].extensions.code).toBe('FORBIDDEN');

    const { body } = await post('question', { email: 'followed@test.example', question: 'Can I visit on Sunday?' }).expect(201);
    const updated = await t.gql(
      'mutation($id: ID!) { updateQuestion(id: $id, status: InProgress, note: "Phoned back") { id status note question } }',
      { id: body.id },
      admin,
    );
    expect(updated.data.updateQuestion).toEqual({ id: String(body.id), status: 'InProgress', note: 'Phoned back', question: 'Can I visit on Sunday?' });
    const searched = await t.gql(
      '{ allQuestions(filter: { q: "visit on sunday", status: InProgress }) { id } _allQuestionsMeta(filter: { q: "visit on sunday", status: InProgress }) { count } }',
      {},
      admin,
    );
    expect(searched.data.allQuestions).toEqual([{ id: String(body.id) }]);
    expect(searched.data._allQuestionsMeta.count).toBe(1);
    const deleted = await t.gql('mutation($id: ID!) { deleteQuestion(id: $id) { id question } }', { id: body.id }, admin);
    expect(deleted.data.deleteQuestion).toEqual({ id: String(body.id), question: 'Can I visit on Sunday?' });
    const gone = await t.gql('query($id: ID!) { Question(id: $id) { id } }', { id: body.id }, admin);
    expect(gone.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  describe('prayer requests', () => {
    it('shows a member their own, refuses another member (403) and visitors (401), and shows admins all', async () => {
      const alice = await t.member({ firstname: 'Alice', lastname: 'Adams', city: 'Croydon' });
      const bob = await t.member({ firstname: 'Bob' });
      await t.gql('mutation { createPrayerRequest(title: "Work", body: "A new job") { id } }', {}, alice.token);
      const bobs = await t.gql('mutation { createPrayerRequest(title: "Exams", body: "Wisdom") { id userId } }', {}, bob.token);
      expect(bobs.data.createPrayerRequest.userId).toBe(String(bob.id));

      const own = await t.http.get(`/api/prayer-request/${alice.id}/my-prayer-requests`).set(bearer(alice.token)).expect(200);
      expect(own.body).toEqual([
        {
          id: expect.any(Number),
          title: 'Work',
          body: 'A new job',
          status: 'New',
          note: null,
          userId: alice.id,
          createdAt: expect.any(String),
          users: { title: 'Brother', firstname: 'Alice', lastname: 'Adams', country: 'United Kingdom', state: 'England', city: 'Croydon' },
          privacy: 'PastorsOnly',
          wallName: null,
          wallStatus: 'NotRequested',
          prayedCount: 0,
          expiresAt: expect.any(String),
        },
      ]);
      const refused = await t.http.get(`/api/prayer-request/${alice.id}/my-prayer-requests`).set(bearer(bob.token)).expect(403);
      expect(JSON.stringify(refused.body)).not.toContain('A new job');
      await t.http.get(`/api/prayer-request/${alice.id}/my-prayer-requests`).expect(401);
      const byAdmin = await t.http.get(`/api/prayer-request/${alice.id}/my-prayer-requests`).set(bearer(admin)).expect(200);
      expect(byAdmin.body.map((r: { title: string }) => r.title)).toEqual(['Work']);

      const all = await t.http.get('/api/all-prayer-requests').set(bearer(admin)).expect(200);
      const titles = all.body.map((r: { title: string }) => r.title);
      expect(titles).toEqual(expect.arrayContaining(['Work', 'Exams']));
      expect(all.body.find((r: { title: string }) => r.title === 'Exams').users.firstname).toBe('Bob');
      expect(JSON.stringify(all.body)).not.toMatch(/password|@test\.example/);

      const mine = await t.gql('{ allPrayerRequests(perPage: 100) { title userId user { firstname } } _allPrayerRequestsMeta { count } }', {}, bob.token);
      expect(mine.data.allPrayerRequests).toEqual([{ title: 'Exams', userId: String(bob.id), user: { firstname: 'Bob' } }]);
      expect(mine.data._allPrayerRequestsMeta.count).toBe(1);
      const peek = await t.gql('query($u: ID) { allPrayerRequests(filter: { userId: $u }) { id } }', { u: alice.id }, bob.token);
      expect(peek.data.allPrayerRequests).toEqual([]);
      const [alicesId] = own.body.map((r: { id: number }) => r.id);
      const one = await t.gql('query($id: ID!) { PrayerRequest(id: $id) { title } }', { id: alicesId }, bob.token);
      expect(one.errors[0].extensions.code).toBe('NOT_FOUND');
      const follow = await t.gql('mutation($id: ID!) { updatePrayerRequest(id: $id, status: Closed) { id } }', { id: alicesId }, alice.token);
      expect(follow.errors[0].extensions.code).toBe('FORBIDDEN');

      const everyone = await t.gql('{ _allPrayerRequestsMeta { count } }', {}, admin);
      expect(everyone.data._allPrayerRequestsMeta.count).toBe(await count('prayer_requests'));
      const searched = await t.gql('{ allPrayerRequests(filter: { q: "alice" }) { title user { lastname city } } }', {}, admin);
      expect(searched.data.allPrayerRequests).toEqual([{ title: 'Work', user: { lastname: 'Adams', city: 'Croydon' } }]);
    });

    it('resolves the member of a whole page in one query (DataLoader)', async () => {
      for (let n = 0; n < 5; n += 1) {
        const member = await t.member();
        await t.gql('mutation { createPrayerRequest(title: "Peace", body: "For the city") { id } }', {}, member.token);
      }
      const sqlCount = async (perPage: number) => {
        const response = await t.http
          .post('/graphql')
          .set(bearer(admin))
          .set('x-sql-count', '1')
          .send({ query: `{ allPrayerRequests(perPage: ${perPage}) { id user { firstname city } } }` })
          .expect(200);
        expect(response.body.data.allPrayerRequests).toHaveLength(perPage);
        return requestsOwnSql(response);
      };
      const forOne = await sqlCount(1);
      expect(await sqlCount(5)).toBe(forOne);
    });
  });
});
