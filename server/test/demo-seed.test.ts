import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, TestApp } from './support/test-app.js';

/** Row counts of what the demo invents beyond content: none in production, unchanged by a restart. */
const activity = async (t: TestApp) =>
  (
    await t.db.query(`SELECT
      (SELECT count(*) FROM users WHERE role = 'Member')::int AS members,
      (SELECT count(*) FROM contact_enquiries)::int + (SELECT count(*) FROM questions)::int + (SELECT count(*) FROM counselling_requests)::int
        + (SELECT count(*) FROM baptism_requests)::int + (SELECT count(*) FROM prayer_requests)::int AS requests,
      (SELECT count(*) FROM care_events)::int AS events,
      (SELECT count(*) FROM donations)::int AS donations,
      (SELECT count(*) FROM donation_refunds)::int AS refunds,
      (SELECT count(*) FROM regular_donations)::int AS regular,
      (SELECT count(*) FROM book_orders)::int AS orders,
      (SELECT count(*) FROM gift_aid_declarations)::int AS declarations,
      (SELECT count(*) FROM gift_aid_claims)::int AS claims,
      (SELECT count(*) FROM audit_events WHERE action = 'seed.demo')::int AS seeded`)
  )[0];

describe('the demo of a fresh install', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  it('fills the care inbox with every kind of request, contact reason and prayer privacy, each kind with a timeline', async () => {
    const { data, errors } = await t.gql(
      `{
        inbox: allCareRequests(perPage: 100) { kind status timeline { type } }
        enquiries: allContactEnquiries(perPage: 100) { reason email }
        questions: allQuestions { id }
        counselling: allCounsellingRequests { id }
        baptism: allBaptismRequests { id }
        prayers: allPrayerRequests(perPage: 100) { privacy wallStatus }
      }`,
      {},
      admin,
    );
    expect(errors).toBeUndefined();
    const kinds = ['ContactEnquiry', 'Question', 'CounsellingRequest', 'BaptismRequest', 'PrayerRequest'];
    for (const kind of kinds) {
      const requests = data.inbox.filter((request: { kind: string }) => request.kind === kind);
      expect(requests.length).toBeGreaterThanOrEqual(1);
      expect(requests.some((request: { timeline: unknown[] }) => request.timeline.length >= 1)).toBe(true);
    }
    const types = new Set(data.inbox.flatMap((request: { timeline: { type: string }[] }) => request.timeline.map((event) => event.type)));
    expect([...types].sort()).toEqual(expect.arrayContaining(['Assignment', 'Note', 'Reply', 'StatusChange']));
    expect(new Set(data.inbox.map((request: { status: string }) => request.status)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(data.enquiries.map((enquiry: { reason: string }) => enquiry.reason))).toEqual(new Set(['counselling', 'wedding', 'prayer', 'baptism', 'other']));
    expect(data.enquiries.every((enquiry: { email: string }) => /@example\.(org|com)$/.test(enquiry.email))).toBe(true);
    expect(data.questions.length && data.counselling.length && data.baptism.length).toBeGreaterThanOrEqual(1);
    expect(new Set(data.prayers.map((prayer: { privacy: string }) => prayer.privacy))).toEqual(new Set(['PastorsOnly', 'PrayerTeam', 'PrayerWall']));
    expect(data.prayers.some((prayer: { wallStatus: string }) => prayer.wallStatus === 'Pending')).toBe(true);
  });

  it('shows approved prayers on the public wall with how many prayed', async () => {
    const { data } = await t.gql('{ prayerWall { total items { name prayedCount } } }');
    expect(data.prayerWall.total).toBeGreaterThanOrEqual(1);
    expect(data.prayerWall.items.some((item: { prayedCount: number }) => item.prayedCount > 0)).toBe(true);
    expect(data.prayerWall.items.map((item: { name: string }) => item.name)).toContain('Anonymous');
  });

  it('fills giving: completed gifts, one refunded in part, an active monthly gift, declarations, a book order', async () => {
    const { data, errors } = await t.gql(
      `{
        donations: allDonations(perPage: 100) { status amount refundedAmount regularDonationId }
        regular: allRegularDonations { status amount }
        declarations: allGiftAidDeclarations { scope }
        orders: allBookOrders { status total }
      }`,
      {},
      admin,
    );
    expect(errors).toBeUndefined();
    expect(data.donations.filter((donation: { status: string }) => donation.status === 'Paid').length).toBeGreaterThanOrEqual(1);
    expect(data.donations.some((donation: { amount: number; refundedAmount: number }) => donation.refundedAmount > 0 && donation.refundedAmount < donation.amount)).toBe(true);
    expect((await t.db.query('SELECT count(*)::int AS count FROM donation_refunds'))[0].count).toBeGreaterThanOrEqual(1);
    expect(data.regular.some((gift: { status: string }) => gift.status === 'Active')).toBe(true);
    expect(data.donations.some((donation: { regularDonationId: string | null }) => donation.regularDonationId !== null)).toBe(true);
    expect(data.declarations.length).toBeGreaterThanOrEqual(1);
    expect(data.orders[0].total).toBeGreaterThan(0);
  });

  it('makes a Draft Gift Aid claim whose total is the sum of its rows, the refunded gift claimed on what was kept', async () => {
    const { data, errors } = await t.gql('{ allGiftAidClaims { id status donationsTotal rowCount } }', {}, admin);
    expect(errors).toBeUndefined();
    expect(data.allGiftAidClaims).toHaveLength(1);
    const [claim] = data.allGiftAidClaims;
    expect(claim.status).toBe('Draft');
    const [rows] = await t.db.query('SELECT count(*)::int AS count, sum(amount_minor)::int AS total FROM gift_aid_claim_rows WHERE claim_id = $1', [claim.id]);
    expect(rows.count).toBe(claim.rowCount);
    expect(rows.total).toBe(Math.round(claim.donationsTotal * 100));
    const [partly] = await t.db.query(
      `SELECT r.amount_minor FROM gift_aid_claim_rows r JOIN donations d ON d.id = r.donation_id WHERE r.claim_id = $1 AND d.refunded_amount_minor > 0`,
      [claim.id],
    );
    expect(partly.amount_minor).toBe(6000);
  });

  it('leaves an audit trail: the seed’s own lines, the claim it made and staff reads', async () => {
    const { data } = await t.gql('{ allAuditEvents(perPage: 200) { action recordKind } }', {}, admin);
    const actions = data.allAuditEvents.map((event: { action: string }) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['seed.demo', 'gift-aid.claim-made', 'care.read', 'gift-aid.read']));
  });

  it('seeds once: a restart on the same database adds nothing', async () => {
    const before = await activity(t);
    const { SeedService } = await import('../src/seed/seed.service.js');
    await t.app.get(SeedService).onApplicationBootstrap();
    expect(await activity(t)).toEqual(before);
  });
});

describe('a production start without SEED_DEMO', () => {
  it('invents no member, request, gift, claim or audit line', async () => {
    const t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', SEED_DEMO: '' });
    try {
      expect(await activity(t)).toEqual({ members: 0, requests: 0, events: 0, donations: 0, refunds: 0, regular: 0, orders: 0, declarations: 0, claims: 0, seeded: 0 });
    } finally {
      await t.close();
    }
  });
});
