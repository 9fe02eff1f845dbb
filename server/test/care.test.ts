import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '../src/access/permissions.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const STAFF = 'office@test.example';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('pastoral care: staff roles, the care inbox, prayer privacy and the wall', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  const staff = {} as Record<Exclude<Role, 'Member' | 'Admin'>, { id: number; token: string; email: string }>;

  /** A member given a role by the admin through `updateUser`, then signed in again. */
  const withRole = async (role: Role, overrides: Record<string, unknown> = {}) => {
    const account = await t.member(overrides);
    const changed = await t.gql('mutation($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { id role permissions } }', { id: account.id, role }, admin);
    expect(changed.data.updateUser.role).toBe(role);
    const login = await t.http.post('/api/login').send({ email: account.email, password: account.password }).expect(200);
    return { ...account, token: login.body.token as string };
  };
  const pray = (token: string, title: string, privacy: string, wallName?: string) =>
    t.gql('mutation($title: String!, $privacy: PrayerPrivacy, $wallName: PrayerWallName) { createPrayerRequest(title: $title, body: "Please pray", privacy: $privacy, wallName: $wallName) { id privacy wallStatus wallName expiresAt } }', { title, privacy, wallName }, token);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: STAFF });
    admin = await t.adminToken();
    staff.Pastor = await withRole('Pastor', { firstname: 'Grace', lastname: 'Pastorson' });
    staff.PrayerTeam = await withRole('PrayerTeam');
    staff.Editor = await withRole('Editor');
    staff.Finance = await withRole('Finance');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('roles', () => {
    it('admits every staff role to the console, a member never', async () => {
      for (const role of ['Pastor', 'PrayerTeam', 'Editor', 'Finance'] as const) {
        const login = await t.gql('mutation($email: String!) { adminLogin(email: $email, password: "a-good-password") { user { role permissions } } }', { email: staff[role].email });
        expect(login.data.adminLogin.user.role).toBe(role);
        expect(login.data.adminLogin.user.permissions).toContain('console:sign-in');
      }
      const member = await t.member();
      const refused = await t.http.post('/api/admin-login').send({ email: member.email, password: member.password }).expect(403);
      expect(refused.body.errors[0].msg).toBe('You are not authorised to access this page');
    });

    it('refuses each role what it was not given, on GraphQL and the legacy paths', async () => {
      const careLists = ['allCareRequests { id }', 'allContactEnquiries { id }', 'allQuestions { id }', 'allCounsellingRequests { id }', 'allBaptismRequests { id }'];
      const refused = async (token: string, field: string) => (await t.gql(`{ ${field} }`, {}, token)).errors?.[0]?.extensions?.code;

      for (const field of [...careLists, 'allUsers { id }']) expect({ field, code: await refused(staff.Editor.token, field) }).toEqual({ field, code: 'FORBIDDEN' });
      for (const field of careLists) expect({ field, code: await refused(staff.Finance.token, field) }).toEqual({ field, code: 'FORBIDDEN' });
      for (const path of ['all-contacts', 'all-questions', 'all-counselling', 'all-baptism']) {
        for (const role of ['Editor', 'Finance', 'PrayerTeam'] as const) await t.http.get(`/api/${path}`).set(bearer(staff[role].token)).expect(403);
        await t.http.get(`/api/${path}`).set(bearer(staff.Pastor.token)).expect(200);
      }
      for (const path of ['all-donations', 'all-bookshop-orders']) {
        await t.http.get(`/api/${path}`).set(bearer(staff.Pastor.token)).expect(403);
        await t.http.get(`/api/${path}`).set(bearer(staff.Editor.token)).expect(403);
        await t.http.get(`/api/${path}`).set(bearer(staff.Finance.token)).expect(200);
      }
      expect(await refused(staff.Pastor.token, 'allUsers { id }')).toBe('FORBIDDEN');
      // GraphQL's donation list is every account's own (staff give too): without finance:read it holds only theirs.
      const donations = await t.gql('{ allDonations { id } _allDonationsMeta { count } }', {}, staff.Pastor.token);
      expect(donations.data._allDonationsMeta.count).toBe(0);
    });

    it('lets only an Admin assign roles, and never demotes the last Admin', async () => {
      const member = await t.member();
      const byPastor = await t.gql('mutation($id: ID!) { updateUser(id: $id, role: Pastor) { id } }', { id: member.id }, staff.Pastor.token);
      expect(byPastor.errors[0].extensions.code).toBe('FORBIDDEN');
      const me = await t.gql('{ me { id } }', {}, admin);
      const last = await t.gql('mutation($id: ID!) { updateUser(id: $id, role: Member) { id } }', { id: me.data.me.id }, admin);
      expect(last.errors[0]).toMatchObject({ message: 'There must be at least one Admin', extensions: { code: 'BAD_USER_INPUT', field: 'role' } });
      const { role } = (await t.db.query('SELECT role FROM users WHERE id = $1', [me.data.me.id]))[0];
      expect(role).toBe('Admin');
    });
  });

  describe('prayer privacy', () => {
    it('shows the prayer team only what was shared with it, without contact details, while it is open', async () => {
      const member = await t.member({ firstname: 'Hannah', lastname: 'Secretsurname', city: 'Hackney', phone: '+44 7700 900999' });
      const pastorsOnly = (await pray(member.token, 'Only for pastors', 'PastorsOnly')).data.createPrayerRequest;
      const team = (await pray(member.token, 'For the team', 'PrayerTeam')).data.createPrayerRequest;
      expect(team).toMatchObject({ privacy: 'PrayerTeam', wallStatus: 'NotRequested' });
      const wall = (await pray(member.token, 'For the wall', 'PrayerWall', 'FirstName')).data.createPrayerRequest;
      const expired = (await pray(member.token, 'Shared long ago', 'PrayerTeam')).data.createPrayerRequest;
      await t.db.query(`UPDATE prayer_requests SET expires_at = now() - interval '1 day' WHERE id = $1`, [expired.id]);
      expect(pastorsOnly).toMatchObject({ privacy: 'PastorsOnly', wallStatus: 'NotRequested', wallName: null });
      expect(wall).toMatchObject({ privacy: 'PrayerWall', wallStatus: 'Pending', wallName: 'FirstName' });

      const query = `query($userId: ID) { allPrayerRequests(filter: { userId: $userId }) { id title note user { firstname country state city } } }`;
      const seen = (await t.gql(query, { userId: String(member.id) }, staff.PrayerTeam.token)).data.allPrayerRequests;
      expect(seen.map((r: { title: string }) => r.title).sort()).toEqual(['For the team', 'For the wall']);
      expect(seen[0].user).toEqual({ firstname: 'Hannah', country: '', state: '', city: '' });
      expect(JSON.stringify(seen)).not.toMatch(/Hackney|900999|@test\.example/);
      const one = await t.gql('query($id: ID!) { PrayerRequest(id: $id) { id } }', { id: pastorsOnly.id }, staff.PrayerTeam.token);
      expect(one.errors[0].extensions.code).toBe('NOT_FOUND');

      const legacy = await t.http.get('/api/all-prayer-requests').set(bearer(staff.PrayerTeam.token)).expect(200);
      const legacyMine = legacy.body.filter((r: { userId: number }) => r.userId === member.id);
      expect(legacyMine.map((r: { title: string }) => r.title).sort()).toEqual(['For the team', 'For the wall']);
      expect(legacyMine[0].users).toMatchObject({ firstname: 'Hannah', city: '', country: '' });

      const byPastor = (await t.gql(query, { userId: String(member.id) }, staff.Pastor.token)).data.allPrayerRequests;
      expect(byPastor).toHaveLength(4);
      expect(byPastor[0].user.city).toBe('Hackney');

      const missingName = await pray(member.token, 'No name chosen', 'PrayerWall');
      expect(missingName.errors[0]).toMatchObject({ message: 'wallName is required for the prayer wall', extensions: { field: 'wallName' } });
      const legacyMade = await t.http.post('/api/make-prayer-request').set(bearer(member.token)).send({ title: 'Legacy', body: 'Text', privacy: 'PrayerTeam' }).expect(201);
      expect(legacyMade.body).toMatchObject({ privacy: 'PrayerTeam', wallStatus: 'NotRequested' });
    });

    it('lets a member narrow, renew and close their own request, never widen it, and never touch another', async () => {
      const member = await t.member();
      const other = await t.member();
      const request = (await pray(member.token, 'Narrow me', 'PrayerWall', 'FirstName')).data.createPrayerRequest;
      const change = (token: string, privacy: string, wallName?: string) =>
        t.gql('mutation($id: ID!, $privacy: PrayerPrivacy!, $wallName: PrayerWallName) { changePrayerPrivacy(id: $id, privacy: $privacy, wallName: $wallName) { privacy wallName wallStatus } }', { id: request.id, privacy, wallName }, token);

      expect((await change(other.token, 'PastorsOnly')).errors[0].extensions.code).toBe('NOT_FOUND');
      expect((await change(member.token, 'PrayerWall', 'Anonymous')).data.changePrayerPrivacy).toEqual({ privacy: 'PrayerWall', wallName: 'Anonymous', wallStatus: 'Pending' });
      expect((await change(member.token, 'PrayerWall', 'FirstName')).errors[0].message).toBe('privacy can only be narrowed');
      expect((await change(member.token, 'PrayerTeam')).data.changePrayerPrivacy).toEqual({ privacy: 'PrayerTeam', wallName: null, wallStatus: 'NotRequested' });
      expect((await change(member.token, 'PrayerWall', 'Anonymous')).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'privacy' });

      await t.db.query(`UPDATE prayer_requests SET expires_at = now() + interval '1 day' WHERE id = $1`, [request.id]);
      const renewed = await t.gql('mutation($id: ID!) { renewPrayerRequest(id: $id) { expiresAt } }', { id: request.id }, member.token);
      expect(new Date(renewed.data.renewPrayerRequest.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      expect((await t.gql('mutation($id: ID!) { closePrayerRequest(id: $id) { id } }', { id: request.id }, other.token)).errors[0].extensions.code).toBe('NOT_FOUND');
      const closed = await t.gql('mutation($id: ID!) { closePrayerRequest(id: $id) { status closedAt } }', { id: request.id }, member.token);
      expect(closed.data.closePrayerRequest.status).toBe('Closed');
      expect(closed.data.closePrayerRequest.closedAt).not.toBeNull();
      const team = await t.gql('query($id: ID!) { PrayerRequest(id: $id) { id } }', { id: request.id }, staff.PrayerTeam.token);
      expect(team.errors[0].extensions.code).toBe('NOT_FOUND');
      const again = await t.gql('mutation($id: ID!) { renewPrayerRequest(id: $id) { id } }', { id: request.id }, member.token);
      expect(again.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });
  });

  describe('the prayer wall', () => {
    it('shows a request only once a pastor approves it, with the chosen name, and counts "I prayed" once a day each', async () => {
      const member = await t.member({ firstname: 'Esther', lastname: 'Hiddensurname' });
      const request = (await pray(member.token, 'Healing for my father', 'PrayerWall', 'FirstName')).data.createPrayerRequest;
      const anonymous = (await pray(member.token, 'A quiet prayer', 'PrayerWall', 'Anonymous')).data.createPrayerRequest;
      const wall = async () => (await t.gql('{ prayerWall(page: 0, perPage: 50) { total items { id title name prayedCount } } }')).data.prayerWall;

      expect((await wall()).items.map((entry: { title: string }) => entry.title)).not.toContain('Healing for my father');
      expect((await t.gql('mutation($id: ID!) { prayFor(id: $id) }', { id: request.id })).errors[0].extensions.code).toBe('NOT_FOUND');
      const byTeam = await t.gql('mutation($id: ID!) { approvePrayerForWall(id: $id) { id } }', { id: request.id }, staff.PrayerTeam.token);
      expect(byTeam.errors[0].extensions.code).toBe('FORBIDDEN');
      for (const id of [request.id, anonymous.id]) {
        const approved = await t.gql('mutation($id: ID!) { approvePrayerForWall(id: $id) { wallStatus } }', { id }, staff.Pastor.token);
        expect(approved.data.approvePrayerForWall.wallStatus).toBe('Approved');
      }

      const shown = await wall();
      expect(shown.items.slice(0, 2)).toEqual([
        { id: anonymous.id, title: 'A quiet prayer', name: 'Anonymous', prayedCount: 0 },
        { id: request.id, title: 'Healing for my father', name: 'Esther', prayedCount: 0 },
      ]);
      expect(JSON.stringify(shown)).not.toMatch(/Hiddensurname|@test\.example/);

      const praying = await t.member();
      const prayFor = (token?: string, address = '203.0.113.7') =>
        t.http.post('/graphql').set('x-forwarded-for', address).set(token ? bearer(token) : {}).send({ query: 'mutation($id: ID!) { prayFor(id: $id) }', variables: { id: request.id } });
      expect((await prayFor(praying.token)).body.data.prayFor).toBe(1);
      expect((await prayFor(praying.token, '203.0.113.8')).body.data.prayFor).toBe(1);
      expect((await prayFor()).body.data.prayFor).toBe(2);
      expect((await prayFor()).body.data.prayFor).toBe(2);
      expect((await prayFor(undefined, '203.0.113.9')).body.data.prayFor).toBe(3);
      const mine = await t.gql('{ allPrayerRequests(filter: { wallStatus: Approved }) { title prayedCount } }', {}, member.token);
      expect(mine.data.allPrayerRequests).toContainEqual({ title: 'Healing for my father', prayedCount: 3 });

      const removed = await t.gql('mutation($id: ID!) { removePrayerFromWall(id: $id) { wallStatus } }', { id: request.id }, staff.Pastor.token);
      expect(removed.data.removePrayerFromWall.wallStatus).toBe('Removed');
      expect((await wall()).items.map((entry: { id: string }) => entry.id)).not.toContain(request.id);
    });
  });

  describe('the care inbox', () => {
    it('lists every kind in one query, with filters, for care staff only', async () => {
      const member = await t.member({ firstname: 'Peter', lastname: 'Inboxer' });
      const prayer = (await pray(member.token, 'Inbox prayer', 'PastorsOnly')).data.createPrayerRequest;
      const question = await t.http.post('/api/question').set('x-forwarded-for', '198.51.100.40').send({ email: 'inbox-asker@test.example', question: 'When is the inbox service?' }).expect(201);
      await t.db.query(`UPDATE questions SET created_at = now() - interval '3 days' WHERE id = $1`, [question.body.id]);

      const list = `query($filter: CareRequestFilter) { allCareRequests(filter: $filter, perPage: 100) { id kind recordId subject requesterName requesterEmail overdue privacy } _allCareRequestsMeta(filter: $filter) { count } }`;
      const all = (await t.gql(list, {}, staff.Pastor.token)).data;
      expect(all.allCareRequests).toEqual(
        expect.arrayContaining([
          { id: `PrayerRequest-${prayer.id}`, kind: 'PrayerRequest', recordId: prayer.id, subject: 'Inbox prayer', requesterName: 'Peter Inboxer', requesterEmail: member.email, overdue: false, privacy: 'PastorsOnly' },
          { id: `Question-${question.body.id}`, kind: 'Question', recordId: String(question.body.id), subject: 'When is the inbox service?', requesterName: 'inbox-asker@test.example', requesterEmail: 'inbox-asker@test.example', overdue: true, privacy: null },
        ]),
      );
      const overdue = (await t.gql(list, { filter: { overdue: true, kind: 'Question' } }, staff.Pastor.token)).data;
      expect(overdue.allCareRequests.map((r: { id: string }) => r.id)).toContain(`Question-${question.body.id}`);
      expect(overdue.allCareRequests.every((r: { kind: string; overdue: boolean }) => r.kind === 'Question' && r.overdue)).toBe(true);
      const searched = (await t.gql(list, { filter: { q: 'inbox service' } }, staff.Pastor.token)).data;
      expect(searched._allCareRequestsMeta.count).toBe(1);

      for (const role of ['PrayerTeam', 'Editor', 'Finance'] as const) {
        expect((await t.gql(list, {}, staff[role].token)).errors[0].extensions.code).toBe('FORBIDDEN');
      }
      expect((await t.gql(list, {}, member.token)).errors[0].extensions.code).toBe('FORBIDDEN');
      const badId = await t.gql('{ CareRequest(id: "Nothing-1") { id } }', {}, staff.Pastor.token);
      expect(badId.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      // Names every JavaScript object has are not kinds of request.
      for (const id of ['constructor-1', 'toString-1', 'hasOwnProperty-2', 'valueOf-3']) {
        for (const document of [
          'mutation($id: ID!) { addCareNote(id: $id, body: "A note") { id } }',
          'mutation($id: ID!) { updateCareRequest(id: $id, status: InProgress) { id } }',
          'query($id: ID!) { CareRequest(id: $id) { id } }',
        ]) {
          const refused = await t.gql(document, { id }, staff.Pastor.token);
          expect({ id, document, error: refused.errors?.[0] }).toEqual({ id, document, error: expect.objectContaining({ message: expect.stringMatching(/^id must be a care request id/), extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'id' }) }) });
        }
      }
    });

    it('assigns with an e-mailed link, keeps a timeline, and replies to the member by e-mail and on their page', async () => {
      const member = await t.member({ firstname: 'Naomi' });
      const secret = 'the private words 5be2';
      const made = await t.gql('mutation($body: String!) { createPrayerRequest(title: "Work it through", body: $body) { id } }', { body: secret }, member.token);
      const id = `PrayerRequest-${made.data.createPrayerRequest.id}`;
      const pastor = staff.Pastor;

      const editor = await t.gql('mutation($id: ID!, $to: ID) { updateCareRequest(id: $id, assigneeId: $to) { id } }', { id, to: String(staff.Editor.id) }, pastor.token);
      expect(editor.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'assigneeId' } });
      const assigned = await t.gql('mutation($id: ID!, $to: ID) { updateCareRequest(id: $id, assigneeId: $to, status: InProgress) { status assignee { id firstname } } }', { id, to: String(pastor.id) }, admin);
      expect(assigned.data.updateCareRequest).toEqual({ status: 'InProgress', assignee: { id: String(pastor.id), firstname: 'Grace' } });
      const assignment = await smtp.waitFor((mail) => mail.to.includes(pastor.email) && mail.subject.includes('was given to you'));
      expect(assignment.text).toContain(`http://site.test/admin/care/${id}/show`);
      expect(assignment.raw).not.toContain(secret);
      expect(assignment.raw).not.toContain('Work it through');

      const mine = await t.gql('{ allCareRequests(filter: { mine: true }) { id } }', {}, pastor.token);
      expect(mine.data.allCareRequests).toEqual([{ id }]);

      await t.gql('mutation($id: ID!) { addCareNote(id: $id, body: "Phoned, no answer") { id } }', { id }, pastor.token);
      const reply = await t.gql('mutation($id: ID!) { replyToCareRequest(id: $id, body: "We are praying with you, Naomi.") { type body author { firstname } } }', { id }, pastor.token);
      expect(reply.data.replyToCareRequest).toEqual({ type: 'Reply', body: 'We are praying with you, Naomi.', author: { firstname: 'Grace' } });
      const sent = await smtp.waitFor((mail) => mail.to.includes(member.email) && mail.text.includes('We are praying with you, Naomi.'));
      expect(sent.raw).toMatch(new RegExp(`Reply-To: ${STAFF}`, 'i'));
      await t.gql('mutation($id: ID!) { addCareNote(id: $id, body: "Thank you so much", fromRequester: true) { id } }', { id }, pastor.token);
      await t.gql('mutation($id: ID!) { updateCareRequest(id: $id, status: Closed) { id } }', { id }, pastor.token);

      const shown = await t.gql('query($id: ID!) { CareRequest(id: $id) { status lastReplyAt overdue timeline { type body fromStatus toStatus author { firstname } assignee { firstname } } } }', { id }, pastor.token);
      expect(shown.data.CareRequest.status).toBe('Closed');
      expect(shown.data.CareRequest.lastReplyAt).not.toBeNull();
      expect(shown.data.CareRequest.timeline).toEqual([
        { type: 'StatusChange', body: null, fromStatus: 'New', toStatus: 'InProgress', author: { firstname: 'Site' }, assignee: null },
        { type: 'Assignment', body: null, fromStatus: null, toStatus: null, author: { firstname: 'Site' }, assignee: { firstname: 'Grace' } },
        { type: 'Note', body: 'Phoned, no answer', fromStatus: null, toStatus: null, author: { firstname: 'Grace' }, assignee: null },
        { type: 'Reply', body: 'We are praying with you, Naomi.', fromStatus: null, toStatus: null, author: { firstname: 'Grace' }, assignee: null },
        { type: 'RequesterAnswer', body: 'Thank you so much', fromStatus: null, toStatus: null, author: { firstname: 'Grace' }, assignee: null },
        { type: 'StatusChange', body: null, fromStatus: 'InProgress', toStatus: 'Closed', author: { firstname: 'Grace' }, assignee: null },
      ]);

      const own = await t.gql('{ allPrayerRequests { title note assigneeId replies { body } } }', {}, member.token);
      expect(own.data.allPrayerRequests).toEqual([{ title: 'Work it through', note: null, assigneeId: null, replies: [{ body: 'We are praying with you, Naomi.' }] }]);

      await t.gql('mutation($id: ID!) { deletePrayerRequest(id: $id) { id } }', { id: made.data.createPrayerRequest.id }, pastor.token);
      expect((await t.db.query(`SELECT count(*)::int AS n FROM care_events WHERE kind = 'PrayerRequest' AND request_id = $1`, [made.data.createPrayerRequest.id]))[0].n).toBe(0);
    });

    describe('on the audit trail', () => {
      const lastEvent = async (actorId: number) => (await t.db.query(`SELECT action, record_kind, record_ids, detail FROM audit_events WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`, [actorId]))[0];

      it('records the request an update answers, as a read', async () => {
        const member = await t.member();
        const made = (await pray(member.token, 'Audited update', 'PastorsOnly')).data.createPrayerRequest;
        const id = `PrayerRequest-${made.id}`;
        const updated = await t.gql('mutation($id: ID!) { updateCareRequest(id: $id, status: InProgress) { message requesterEmail } }', { id }, staff.Pastor.token);
        expect(updated.data.updateCareRequest.requesterEmail).toBe(member.email);
        expect(await lastEvent(staff.Pastor.id)).toEqual({ action: 'care.read', record_kind: 'CareRequest', record_ids: [id], detail: null });
      });

      it('records a count with a search term as a read of the requests it matched, never the term', async () => {
        const term = 'diagnosis 7f3a';
        const question = await t.http.post('/api/question').set('x-forwarded-for', '198.51.100.41').send({ email: 'searched@test.example', question: `About my ${term}` }).expect(201);
        const counted = await t.gql('query($q: String) { _allCareRequestsMeta(filter: { q: $q }) { count } }', { q: term }, staff.Pastor.token);
        expect(counted.data._allCareRequestsMeta.count).toBe(1);
        const event = await lastEvent(staff.Pastor.id);
        expect(event).toEqual({ action: 'care.search', record_kind: 'CareRequest', record_ids: [`Question-${question.body.id}`], detail: expect.any(String) });
        expect(JSON.stringify(event)).not.toMatch(/diagnosis|7f3a/);

        const missed = await t.gql('query($q: String) { _allCareRequestsMeta(filter: { q: $q }) { count } }', { q: 'no request says this 91c0' }, staff.Pastor.token);
        expect(missed.data._allCareRequestsMeta.count).toBe(0);
        expect(await lastEvent(staff.Pastor.id)).toMatchObject({ action: 'care.search', record_ids: [] });
      });
    });
  });
});
