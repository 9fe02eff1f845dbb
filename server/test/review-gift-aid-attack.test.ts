import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { approve, ok } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

const GIVE = 'mutation($amount: Float!, $currency: String!) { createDonation(amount: $amount, currency: $currency, giftAid: true) { id orderID approveUrl } }';
const CAPTURE = 'mutation($orderID: String!) { captureDonation(orderID: $orderID) { status } }';
const REFUND = 'mutation($id: ID!, $amount: Float) { refundDonation(id: $id, amount: $amount) { id status refundedAmount } }';
const DECLARE = `mutation { createGiftAidDeclaration(scope: Enduring, firstName: "Ruth", lastName: "Giver", houseNameOrNumber: "1", postcode: "M1 1AE") { id } }`;
const RECORD = `mutation($userId: ID, $declaredOn: String!) { recordGiftAidDeclaration(userId: $userId, source: Oral, declaredOn: $declaredOn, scope: Enduring,
  firstName: "Ann", lastName: "Other", houseNameOrNumber: "2", postcode: "M1 1AE") { id } }`;
const STAFF_CANCEL = `mutation($id: ID!, $cancelledOn: String!, $note: String) {
  cancelGiftAidDeclarationForDonor(id: $id, cancelledOn: $cancelledOn, method: Phone, note: $note) { id cancellationNote } }`;
const CLAIM = 'mutation($from: String!, $to: String!) { createGiftAidClaim(from: $from, to: $to) { id status } }';
const PAY = 'mutation($id: ID!, $receivedOn: String!) { recordGiftAidPayment(id: $id, amount: 10, receivedOn: $receivedOn) { id status } }';
const STERLING = `mutation($id: ID!, $rateDate: String) { setDonationSterlingAmount(id: $id, amount: 7.85, rate: "0.785", rateSource: "Bank of England", rateDate: $rateDate) { id } }`;

const london = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

/** What an outside reviewer tried against the Gift Aid change: roles, odd input, hostile strings, races and a member's own view. */
describe('attacks on Gift Aid, refunds and declarations', () => {
  let t: TestApp;
  let finance: Member;
  let donor: Member;
  const roles: Record<string, string | undefined> = {};
  const today = london(new Date());

  const asRole = async (role: string): Promise<Member> => {
    const member = await t.member();
    await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, member.id]);
    return member;
  };
  const code = (response: { errors?: { extensions: { code: string } }[] }) => response.errors?.[0]?.extensions.code;
  const field = (response: { errors?: { extensions: { field?: string } }[] }) => response.errors?.[0]?.extensions;

  async function give(amount: number, currency = 'GBP', giver = donor): Promise<{ id: string; orderID: string }> {
    const checkout = (await ok(t, GIVE, { amount, currency }, giver.token)).createDonation;
    await approve(t, checkout.approveUrl);
    expect((await ok(t, CAPTURE, { orderID: checkout.orderID }, giver.token)).captureDonation.status).toBe('COMPLETED');
    return checkout;
  }

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' });
    finance = await asRole('Finance');
    donor = await t.member();
    await ok(t, DECLARE, {}, donor.token);
    roles.none = undefined;
    roles.Member = (await t.member()).token;
    for (const role of ['Pastor', 'Editor', 'PrayerTeam']) roles[role] = (await asRole(role)).token;
    roles.Finance = finance.token;
    roles.Admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('lets only Finance and Admin near refunds, claims, declarations and the schedule files', async () => {
    const operations: [string, Record<string, unknown>, 'read' | 'manage'][] = [
      [REFUND, { id: '999999', amount: 1 }, 'manage'],
      ['mutation { submitGiftAidClaim(id: "999999", hmrcReference: "X1") { id } }', {}, 'manage'],
      ['mutation { recordGiftAidPayment(id: "999999", amount: 1, receivedOn: "2026-01-01") { id } }', {}, 'manage'],
      ['mutation { rejectGiftAidClaim(id: "999999", reason: "No") { id } }', {}, 'manage'],
      ['mutation { deleteGiftAidClaim(id: "999999") }', {}, 'manage'],
      ['mutation { createGiftAidClaims(from: "1990-01-01", to: "1990-01-02") { id } }', {}, 'manage'],
      ['mutation { cancelGiftAidDeclarationForDonor(id: "999999", cancelledOn: "2026-01-01", method: Phone) { id } }', {}, 'manage'],
      [RECORD, { userId: '999999', declaredOn: '2026-01-01' }, 'manage'],
      ['mutation { setDonationSterlingAmount(id: "999999", amount: 1) { id } }', {}, 'manage'],
      ['{ allGiftAidDeclarations { id } _allGiftAidDeclarationsMeta { count } }', {}, 'read'],
      ['{ GiftAidDeclaration(id: "999999") { id } }', {}, 'read'],
      ['{ allGiftAidClaims { id } }', {}, 'read'],
      ['{ giftAidScheduleColumns { field } }', {}, 'read'],
      ['{ giftAidClaimPreview(from: "1990-01-01", to: "1990-01-02") { donationCount } }', {}, 'read'],
    ];
    for (const [query, variables] of operations) {
      expect([query, code(await t.gql(query, variables))]).toEqual([query, 'UNAUTHENTICATED']);
      for (const role of ['Member', 'Pastor', 'Editor', 'PrayerTeam']) expect([query, role, code(await t.gql(query, variables, roles[role]))]).toEqual([query, role, 'FORBIDDEN']);
      for (const role of ['Finance', 'Admin']) expect(['FORBIDDEN', 'UNAUTHENTICATED']).not.toContain(code(await t.gql(query, variables, roles[role])));
    }
    const settings = 'mutation { updateSiteSettings(accountingYearEnd: "12-31") { accountingYearEnd } }';
    for (const role of ['Member', 'Pastor', 'Editor', 'Finance']) expect(code(await t.gql(settings, {}, roles[role]))).toBe('FORBIDDEN');

    for (const format of ['csv', 'ods']) {
      await t.http.get(`/api/gift-aid/claims/1/schedule.${format}`).expect(401);
      for (const role of ['Member', 'Pastor', 'Editor']) await t.http.get(`/api/gift-aid/claims/1/schedule.${format}`).set('authorization', `Bearer ${roles[role]}`).expect(403);
      await t.http.get(`/api/gift-aid/claims/999999/schedule.${format}`).set('authorization', `Bearer ${finance.token}`).expect(404);
    }
    for (const id of ['0', '-1', '1e3', 'abc', '99999999999999999999']) {
      await t.http.get(`/api/gift-aid/claims/${id}/schedule.csv`).set('authorization', `Bearer ${finance.token}`).expect((response) => expect([400, 404]).toContain(response.status));
      expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(code(await t.gql(REFUND, { id, amount: 1 }, finance.token)));
      expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(code(await t.gql('mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id }, finance.token)));
    }
    // The legacy paths refund nothing and list donations to staff only.
    await t.http.get('/api/all-donations').set('authorization', `Bearer ${roles.Member}`).expect(403);
    await t.http.post('/api/refund-donation').set('authorization', `Bearer ${roles.Member}`).send({ id: 1 }).expect(404);
  });

  it('refuses refund amounts that are not money left of a completed gift, naming amount', async () => {
    const gift = await give(10);
    for (const amount of [0, -1, 0.001, 10.01]) expect([amount, field(await t.gql(REFUND, { id: gift.id, amount }, finance.token))]).toMatchObject([amount, { code: 'BAD_USER_INPUT', field: 'amount' }]);
    expect(code(await t.gql('mutation($id: ID!) { refundDonation(id: $id, amount: 1e309) { id } }', { id: gift.id }, finance.token))).toBe('BAD_USER_INPUT');
    const unpaid = (await ok(t, GIVE, { amount: 5, currency: 'GBP' }, donor.token)).createDonation;
    expect(code(await t.gql(REFUND, { id: unpaid.id, amount: 1 }, finance.token))).toBe('CONFLICT');
    // Two partial refunds at once of more than the gift holds together: one is refused, nothing is refunded twice.
    const answers = await Promise.all([6, 6].map((amount) => t.gql(REFUND, { id: gift.id, amount }, finance.token)));
    expect(answers.map(code).sort()).toEqual(['BAD_USER_INPUT', undefined]);
    const [row] = await t.db.query('SELECT refunded_amount_minor, (SELECT sum(amount_minor) FROM donation_refunds WHERE donation_id = $1)::int AS refunds FROM donations WHERE id = $1', [gift.id]);
    expect(row).toEqual({ refunded_amount_minor: 600, refunds: 600 });
  });

  it('answers an impossible or future day with a 400 naming its field, never a server error', async () => {
    const member = await t.member();
    const recorded = (await ok(t, RECORD, { userId: String(member.id), declaredOn: today }, finance.token)).recordGiftAidDeclaration;
    for (const declaredOn of ['2026-02-30', '22026-01-01']) expect(field(await t.gql(RECORD, { userId: String(member.id), declaredOn }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'declaredOn' });
    expect(field(await t.gql(STAFF_CANCEL, { id: recorded.id, cancelledOn: '2026-02-30' }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'cancelledOn' });
    const effective = 'mutation { createGiftAidDeclaration(scope: Enduring, firstName: "Ann", lastName: "Other", houseNameOrNumber: "2", postcode: "M1 1AE", effectiveFrom: "2025-02-29") { id } }';
    expect(field(await t.gql(effective, {}, (await t.member()).token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'effectiveFrom' });
    for (const [from, to] of [['2026-02-30', '2026-03-01'], ['2026-02-01', '2026-02-30']]) {
      const answer = await t.gql(CLAIM, { from, to }, finance.token);
      expect(field(answer)).toMatchObject({ code: 'BAD_USER_INPUT', field: from === '2026-02-30' ? 'from' : 'to' });
    }

    const usd = await give(10, 'USD');
    const tomorrow = london(new Date(Date.now() + 36 * 3600_000));
    for (const rateDate of ['2026-02-30', tomorrow]) expect(field(await t.gql(STERLING, { id: usd.id, rateDate }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'rateDate' });
  });

  it('records a payment from HMRC only on a real day', async () => {
    const gift = await give(30);
    await t.db.query(`UPDATE donations SET paid_at = '2026-03-03 12:00+00' WHERE id = $1`, [gift.id]);
    const claim = (await ok(t, CLAIM, { from: '2026-03-03', to: '2026-03-03' }, finance.token)).createGiftAidClaim;
    await ok(t, 'mutation($id: ID!) { submitGiftAidClaim(id: $id, hmrcReference: "GA-1") { id } }', { id: claim.id }, finance.token);
    expect(field(await t.gql(PAY, { id: claim.id, receivedOn: '2026-02-30' }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'receivedOn' });
    // £30 claimed £7.50: HMRC never pays £10 on it, let alone thirty million pounds (a typo, and more than the column holds).
    const paying = 'mutation($id: ID!, $amount: Float!, $on: String!) { recordGiftAidPayment(id: $id, amount: $amount, receivedOn: $on) { id status paidAmount } }';
    for (const amount of [7.51, 30_000_000]) expect([amount, field(await t.gql(paying, { id: claim.id, amount, on: today }, finance.token))]).toMatchObject([amount, { code: 'BAD_USER_INPUT', field: 'amount' }]);
    expect((await ok(t, paying, { id: claim.id, amount: 7.5, on: today }, finance.token)).recordGiftAidPayment).toMatchObject({ status: 'Paid', paidAmount: 7.5 });
  });

  it("shows a member their declaration but not staff's note about how they cancelled it", async () => {
    const member = await t.member();
    const made = (await ok(t, DECLARE, {}, member.token)).createGiftAidDeclaration;
    const note = 'Spoke to his daughter: he is in a care home and confused';
    expect((await ok(t, STAFF_CANCEL, { id: made.id, cancelledOn: today, note }, finance.token)).cancelGiftAidDeclarationForDonor.cancellationNote).toBe(note);
    const own = await t.gql('{ myGiftAidDeclarations { id cancellationMethod cancellationNote } }', {}, member.token);
    expect(JSON.stringify(own)).not.toContain('care home');
    expect(own.data.myGiftAidDeclarations[0]).toMatchObject({ id: made.id, cancellationMethod: 'Phone' });
  });

  it('records no oral declaration, and so sends no written record, for an erased account', async () => {
    const member = await t.member();
    await ok(t, 'mutation($p: String!) { deleteMyAccount(password: $p) }', { p: member.password }, member.token);
    expect(field(await t.gql(RECORD, { userId: String(member.id), declaredOn: today }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'userId' });
    expect(await t.db.query('SELECT id FROM gift_aid_declarations WHERE user_id = $1', [member.id])).toEqual([]);
  });

  it("gives a member their gift's refunds and how their declarations were given and cancelled in their data export", async () => {
    const member = await t.member();
    await ok(t, DECLARE, {}, member.token);
    const gift = await give(20, 'GBP', member);
    await ok(t, REFUND, { id: gift.id, amount: 5 }, finance.token);
    const data = JSON.parse((await ok(t, '{ exportMyData }', {}, member.token)).exportMyData);
    expect(data.donations).toEqual([expect.objectContaining({ id: Number(gift.id), amount: 20, refundedAmount: 5, refunds: [expect.objectContaining({ kind: 'Refund', amount: 5 })] })]);
    expect(data.giftAidDeclarations).toEqual([expect.objectContaining({ source: 'Online', declaredOn: today, cancellationMethod: null })]);
  });

  it("keeps a Draft claim whose refunds a later claim declared in Box 2: deleting it would claim those gifts again net, after HMRC was told of the refund", async () => {
    const gift = await give(100);
    const paidOn = (id: string, day: string) => t.db.query(`UPDATE donations SET paid_at = ($1::date + time '12:00') AT TIME ZONE 'Europe/London' WHERE id = $2`, [day, id]);
    await paidOn(gift.id, '2026-04-20');
    const first = (await ok(t, CLAIM, { from: '2026-04-20', to: '2026-04-20' }, finance.token)).createGiftAidClaim;
    await ok(t, REFUND, { id: gift.id, amount: 40 }, finance.token);
    // The next claim holds a gift of its own: Box 2 may not exceed the tax a claim asks for.
    await paidOn((await give(100)).id, '2026-04-21');
    const next = (await ok(t, 'mutation { createGiftAidClaim(from: "2026-04-21", to: "2026-04-21") { id adjustment } }', {}, finance.token)).createGiftAidClaim;
    expect(next.adjustment).toBe(10);

    const refused = await t.gql('mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id: first.id }, finance.token);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' }, message: expect.stringContaining(`claim ${next.id}`) });
    expect(await t.db.query('SELECT gift_aid_claim_id FROM donations WHERE id = $1', [gift.id])).toEqual([{ gift_aid_claim_id: Number(first.id) }]);
    // Deleting the later Draft first gives the refund back to be accounted, and then the first goes.
    await ok(t, 'mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id: next.id }, finance.token);
    await ok(t, 'mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id: first.id }, finance.token);
    const again = (await ok(t, 'mutation { createGiftAidClaim(from: "2026-04-20", to: "2026-04-21") { donationsTotal adjustment } }', {}, finance.token)).createGiftAidClaim;
    expect(again).toEqual({ donationsTotal: 160, adjustment: 0 });
  });

  it('claims a gift once when two claims over overlapping periods are made at once, and lets one of two steps at once on a claim win', async () => {
    const gift = await give(50);
    await t.db.query(`UPDATE donations SET paid_at = '2026-04-10 12:00+01' WHERE id = $1`, [gift.id]);
    const made = await Promise.all([
      t.gql('mutation { createGiftAidClaims(from: "2026-04-01", to: "2026-04-15") { id donationsTotal } }', {}, finance.token),
      t.gql('mutation { createGiftAidClaims(from: "2026-04-05", to: "2026-04-12") { id donationsTotal } }', {}, finance.token),
    ]);
    const claimed = made.flatMap((answer) => answer.data?.createGiftAidClaims ?? []);
    expect(claimed.map((claim: { donationsTotal: number }) => claim.donationsTotal)).toEqual([50]);
    expect(await t.db.query('SELECT count(*)::int AS rows FROM gift_aid_claim_rows WHERE donation_id = $1', [gift.id])).toEqual([{ rows: 1 }]);

    const id = claimed[0].id;
    const [submitted, deleted] = await Promise.all([
      t.gql('mutation($id: ID!) { submitGiftAidClaim(id: $id, hmrcReference: "GA-RACE") { status } }', { id }, finance.token),
      t.gql('mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id }, finance.token),
    ]);
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM gift_aid_claims WHERE id = $1', [id]);
    if (submitted.data) {
      expect([submitted.data.submitGiftAidClaim.status, code(deleted), count]).toEqual(['Submitted', 'CONFLICT', 1]);
    } else {
      expect([code(submitted), deleted.data.deleteGiftAidClaim, count]).toEqual(['NOT_FOUND', true, 0]);
      expect(await t.db.query('SELECT gift_aid_claim_id FROM donations WHERE id = $1', [gift.id])).toEqual([{ gift_aid_claim_id: null }]);
    }
  });

  it('refuses over-long or multi-line text in a rejection reason, an HMRC reference and a cancellation note, naming the field', async () => {
    const gift = await give(12);
    await t.db.query(`UPDATE donations SET paid_at = '2026-04-25 12:00+01' WHERE id = $1`, [gift.id]);
    const claim = (await ok(t, CLAIM, { from: '2026-04-25', to: '2026-04-25' }, finance.token)).createGiftAidClaim;
    const submit = 'mutation($id: ID!, $ref: String!) { submitGiftAidClaim(id: $id, hmrcReference: $ref) { id hmrcReference } }';
    for (const ref of ['=HYPERLINK("http://x")', 'GA\r\n1', '@SUM(A1)', 'x'.repeat(10_000)]) expect([ref.slice(0, 20), field(await t.gql(submit, { id: claim.id, ref }, finance.token))]).toMatchObject([ref.slice(0, 20), { code: 'BAD_USER_INPUT', field: 'hmrcReference' }]);
    expect((await ok(t, submit, { id: claim.id, ref: 'constructor' }, finance.token)).submitGiftAidClaim.hmrcReference).toBe('constructor');
    const reject = 'mutation($id: ID!, $reason: String!) { rejectGiftAidClaim(id: $id, reason: $reason) { id status } }';
    expect(field(await t.gql(reject, { id: claim.id, reason: 'x'.repeat(10_000) }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    const member = await t.member();
    const made = (await ok(t, DECLARE, {}, member.token)).createGiftAidDeclaration;
    expect(field(await t.gql(STAFF_CANCEL, { id: made.id, cancelledOn: today, note: 'x'.repeat(10_000) }, finance.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'note' });
  });

  it("takes a dollar refund's share of the pounds Finance corrected the gift to, not of what it was worth before", async () => {
    const gift = await give(20, 'USD');
    await t.db.query(`UPDATE donations SET paid_at = '2026-04-28 12:00+01' WHERE id = $1`, [gift.id]);
    await ok(t, REFUND, { id: gift.id, amount: 5 }, finance.token);
    const corrected = 'mutation($id: ID!) { setDonationSterlingAmount(id: $id, amount: 16, rate: "0.8", rateSource: "Bank of England", rateDate: "2026-04-28") { id } }';
    await ok(t, corrected, { id: gift.id }, finance.token);
    // $5 of $20 is a quarter of £16: £4 back, £12 kept and claimed.
    const preview = (await ok(t, '{ giftAidClaimPreview(from: "2026-04-28", to: "2026-04-28") { donationsTotal } }', {}, finance.token)).giftAidClaimPreview;
    expect(preview.donationsTotal).toBe(12);
  });

  it("puts a change of the charity's type or year end, which moves every gift's Gift Aid deadline, on the audit trail", async () => {
    const admin = await t.adminToken();
    const changed = 'mutation { updateSiteSettings(charityType: UnincorporatedAssociation, accountingYearEnd: "12-31") { charityType accountingYearEnd } }';
    expect((await ok(t, changed, {}, admin)).updateSiteSettings).toEqual({ charityType: 'UnincorporatedAssociation', accountingYearEnd: '12-31' });
    const trail = await t.db.query(`SELECT actor_role, detail FROM audit_events WHERE action = 'site.gift-aid-period' ORDER BY id DESC LIMIT 1`);
    expect(trail).toEqual([{ actor_role: 'Admin', detail: 'UnincorporatedAssociation, year ending 12-31' }]);
    await ok(t, 'mutation { updateSiteSettings(name: "Grace Church") { name } }', {}, admin);
    expect(await t.db.query(`SELECT count(*)::int FROM audit_events WHERE action = 'site.gift-aid-period'`)).toEqual([{ count: 1 }]);
  });

  it("shows a member their own gift's refunds and nobody else's, and lets them cancel only their own declaration", async () => {
    const gift = await give(15);
    await ok(t, REFUND, { id: gift.id, amount: 5 }, finance.token);
    const query = 'query($id: ID!) { Donation(id: $id) { refundedAmount refunds { kind amount } } }';
    expect((await ok(t, query, { id: gift.id }, donor.token)).Donation).toEqual({ refundedAmount: 5, refunds: [{ kind: 'Refund', amount: 5 }] });
    const stranger = await t.member();
    expect(code(await t.gql(query, { id: gift.id }, stranger.token))).toBe('NOT_FOUND');
    const [declaration] = await t.db.query('SELECT id FROM gift_aid_declarations WHERE user_id = $1', [donor.id]);
    expect(code(await t.gql('mutation($id: ID!) { cancelGiftAidDeclaration(id: $id) { id } }', { id: String(declaration.id) }, stranger.token))).toBe('NOT_FOUND');
    expect(await t.db.query('SELECT cancelled_at FROM gift_aid_declarations WHERE id = $1', [declaration.id])).toEqual([{ cancelled_at: null }]);
  });
});
