import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '../src/access/permissions.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** A fresh client address per form, so the per-address limits never bite here. */
let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `203.0.113.${addressCount}`;
};

/**
 * Each public kind: its legacy form, and a body whose searchable text holds `term` (a baptism request's only free
 * text is the name).
 */
const KINDS = [
  { name: 'ContactEnquiry', plural: 'ContactEnquiries', path: 'contact-us', body: (term: string) => ({ name: 'Mary Jones', email: 'mary@test.example', phone: '+44 20 7946 0000', reason: 'prayer', message: `My ${term}` }) },
  { name: 'Question', plural: 'Questions', path: 'question', body: (term: string) => ({ email: 'asker@test.example', question: `About my ${term}` }) },
  { name: 'CounsellingRequest', plural: 'CounsellingRequests', path: 'counselling', body: (term: string) => ({ email: 'seeker@test.example', phone: '07700 900456', name: 'Sam Smith', description: `After my ${term}` }) },
  { name: 'BaptismRequest', plural: 'BaptismRequests', path: 'baptism', body: (term: string) => ({ email: 'convert@test.example', phone: '(020) 7946-0001', name: `Ada ${term}` }) },
] as const;

/** Unique per test, so a count matches only the request the test made; none is a word any audit line would use. */
let termCount = 0;
const nextTerm = () => {
  termCount += 1;
  return `zq${termCount}xsecret`;
};

describe('staff reads of requests on the audit trail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  const staff = {} as Record<'Pastor' | 'PrayerTeam', { id: number; token: string }>;

  /** A member given a role by the admin, then signed in again. */
  const withRole = async (role: Role) => {
    const account = await t.member();
    await t.gql('mutation($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { id } }', { id: account.id, role }, admin);
    const login = await t.http.post('/api/login').send({ email: account.email, password: account.password }).expect(200);
    return { id: account.id, token: login.body.token as string };
  };

  /** Every line the account has on the trail, oldest first, as stored. */
  const linesOf = async (actorId: number): Promise<Record<string, unknown>[]> => t.db.query(`SELECT * FROM audit_events WHERE actor_id = $1 ORDER BY id`, [actorId]);
  const lastLineOf = async (actorId: number) => {
    const [line] = await t.db.query(`SELECT action, record_kind, record_ids, detail FROM audit_events WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`, [actorId]);
    return line as Record<string, unknown> | undefined;
  };
  /** A search term must appear in no column of any line, the address and detail included. */
  const expectNowhereOnTheTrail = async (term: string) => {
    const rows = await t.db.query(`SELECT * FROM audit_events`);
    expect(JSON.stringify(rows)).not.toContain(term);
  };

  const pray = async (token: string, body: string, privacy: 'PastorsOnly' | 'PrayerTeam' | 'PrayerWall') => {
    const made = await t.gql(
      'mutation($body: String!, $privacy: PrayerPrivacy, $wallName: PrayerWallName) { createPrayerRequest(title: "For my family", body: $body, privacy: $privacy, wallName: $wallName) { id } }',
      { body, privacy, wallName: privacy === 'PrayerWall' ? 'FirstName' : undefined },
      token,
    );
    return made.data.createPrayerRequest.id as string;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'team@test.example' });
    admin = await t.adminToken();
    staff.Pastor = await withRole('Pastor');
    staff.PrayerTeam = await withRole('PrayerTeam');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe.each(KINDS)('$name', (kind) => {
    const send = async (term: string) => {
      const sent = await t.http.post(`/api/${kind.path}`).set('x-forwarded-for', nextAddress()).send(kind.body(term)).expect(201);
      return String(sent.body.id);
    };

    it('records a count with a search term as a read of the requests it matched, never the term', async () => {
      const term = nextTerm();
      const id = await send(term);
      const counted = await t.gql(`query($q: String) { _all${kind.plural}Meta(filter: { q: $q }) { count } }`, { q: term }, staff.Pastor.token);
      expect(counted.data[`_all${kind.plural}Meta`].count).toBe(1);
      expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.search', record_kind: kind.name, record_ids: [id], detail: 'a search counted 1' });

      const missed = nextTerm();
      const none = await t.gql(`query($q: String) { _all${kind.plural}Meta(filter: { q: $q }) { count } }`, { q: missed }, staff.Pastor.token);
      expect(none.data[`_all${kind.plural}Meta`].count).toBe(0);
      expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.search', record_kind: kind.name, record_ids: [], detail: 'a search counted 0' });
      await expectNowhereOnTheTrail(term);
      await expectNowhereOnTheTrail(missed);
    });

    it('does not record a count without a search term, which tells nothing a request says', async () => {
      const before = (await linesOf(staff.Pastor.id)).length;
      const counted = await t.gql(`{ _all${kind.plural}Meta { count } }`, {}, staff.Pastor.token);
      expect(counted.data[`_all${kind.plural}Meta`].count).toBeGreaterThan(0);
      expect(await linesOf(staff.Pastor.id)).toHaveLength(before);
    });

    it('records the request an update answers, as a read', async () => {
      const id = await send(nextTerm());
      const updated = await t.gql(`mutation($id: ID!) { update${kind.name}(id: $id, status: InProgress) { id status } }`, { id }, staff.Pastor.token);
      expect(updated.data[`update${kind.name}`]).toEqual({ id, status: 'InProgress' });
      expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.read', record_kind: kind.name, record_ids: [id], detail: null });
    });

    it('records a deletion, which answers the request as it was', async () => {
      const term = nextTerm();
      const id = await send(term);
      const deleted = await t.gql(`mutation($id: ID!) { delete${kind.name}(id: $id) { id } }`, { id }, staff.Pastor.token);
      expect(deleted.data[`delete${kind.name}`]).toEqual({ id });
      expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.delete', record_kind: kind.name, record_ids: [id], detail: null });
      await expectNowhereOnTheTrail(term);
    });
  });

  describe('PrayerRequest', () => {
    it('records a count with a search term, by the prayer team or a pastor, as a read of the requests it matched, never the term', async () => {
      const member = await t.member();
      const term = nextTerm();
      const id = await pray(member.token, `Healing after my ${term}`, 'PrayerTeam');
      for (const reader of [staff.PrayerTeam, staff.Pastor]) {
        const counted = await t.gql('query($q: String) { _allPrayerRequestsMeta(filter: { q: $q }) { count } }', { q: term }, reader.token);
        expect(counted.data._allPrayerRequestsMeta.count).toBe(1);
        expect(await lastLineOf(reader.id)).toEqual({ action: 'care.search', record_kind: 'PrayerRequest', record_ids: [id], detail: 'a search counted 1' });
      }
      await expectNowhereOnTheTrail(term);
    });

    it("does not record a member searching or reading their own requests: that is not a staff read", async () => {
      const member = await t.member();
      const term = nextTerm();
      const id = await pray(member.token, `My own ${term}`, 'PastorsOnly');
      const counted = await t.gql('query($q: String) { _allPrayerRequestsMeta(filter: { q: $q }) { count } }', { q: term }, member.token);
      expect(counted.data._allPrayerRequestsMeta.count).toBe(1);
      const read = await t.gql('query($id: ID!) { PrayerRequest(id: $id) { id } }', { id }, member.token);
      expect(read.data.PrayerRequest).toEqual({ id });
      expect(await linesOf(member.id)).toEqual([]);
    });

    it('records the request an update answers, as a read', async () => {
      const id = await pray((await t.member()).token, 'Please pray', 'PastorsOnly');
      const updated = await t.gql('mutation($id: ID!) { updatePrayerRequest(id: $id, status: InProgress) { id body } }', { id }, staff.Pastor.token);
      expect(updated.data.updatePrayerRequest).toEqual({ id, body: 'Please pray' });
      expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.read', record_kind: 'PrayerRequest', record_ids: [id], detail: null });
    });

    it('records a deletion, which answers the request as it was', async () => {
      const id = await pray((await t.member()).token, 'Please pray', 'PastorsOnly');
      const deleted = await t.gql('mutation($id: ID!) { deletePrayerRequest(id: $id) { id body } }', { id }, staff.Pastor.token);
      expect(deleted.data.deletePrayerRequest).toEqual({ id, body: 'Please pray' });
      expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.delete', record_kind: 'PrayerRequest', record_ids: [id], detail: null });
    });

    it('records the request a pastor puts on the wall or takes off it, as a read', async () => {
      const id = await pray((await t.member()).token, 'Please pray', 'PrayerWall');
      for (const mutation of ['approvePrayerForWall', 'removePrayerFromWall']) {
        const moderated = await t.gql(`mutation($id: ID!) { ${mutation}(id: $id) { id body } }`, { id }, staff.Pastor.token);
        expect(moderated.data[mutation]).toEqual({ id, body: 'Please pray' });
        expect(await lastLineOf(staff.Pastor.id)).toEqual({ action: 'care.read', record_kind: 'PrayerRequest', record_ids: [id], detail: null });
      }
    });
  });
});
