import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { approve, ok } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

const FIELDS = `id userId version previousId scope status source title firstName lastName houseNameOrNumber postcode wording wordingVersion effectiveFrom declaredOn
  cancelledAt cancellationMethod cancellationNote cancellationRecordedAt confirmationSentAt supersededAt`;
const DECLARE = `mutation($scope: GiftAidDeclarationScope!, $firstName: String!, $lastName: String!, $houseNameOrNumber: String!, $postcode: String, $effectiveFrom: String) {
  createGiftAidDeclaration(scope: $scope, firstName: $firstName, lastName: $lastName, houseNameOrNumber: $houseNameOrNumber, postcode: $postcode, effectiveFrom: $effectiveFrom) { ${FIELDS} } }`;
const GIVE = `mutation($amount: Float!, $currency: String!, $giftAid: Boolean, $giftAidDeclaration: GiftAidDeclarationInput) {
  createDonation(amount: $amount, currency: $currency, giftAid: $giftAid, giftAidDeclaration: $giftAidDeclaration) { id orderID approveUrl } }`;
const CAPTURE = 'mutation($orderID: String!) { captureDonation(orderID: $orderID) { status } }';
const DONATION = 'query($id: ID!) { Donation(id: $id) { id giftAid giftAidStatus giftAidReason } }';
const FORM = `query($scope: GiftAidDeclarationScope!, $effectiveFrom: String) { giftAidDeclarationForm(scope: $scope, effectiveFrom: $effectiveFrom) {
  wording wordingVersion cancelledOn coverSinceCancellationFrom } }`;
const CANCEL = 'mutation($id: ID!) { cancelGiftAidDeclaration(id: $id) { id cancelledAt } }';
const LIST = `query($filter: GiftAidDeclarationFilter) { allGiftAidDeclarations(filter: $filter, perPage: 100) { id status lastName }
  _allGiftAidDeclarationsMeta(filter: $filter) { count } }`;
const SHOW = `query($id: ID!) { GiftAidDeclaration(id: $id) { ${FIELDS} writtenRecord versions { id version status } donor { id email }
  recordedByUser { id } cancelledByUser { id } } }`;
const STAFF_CANCEL = `mutation($id: ID!, $cancelledOn: String!, $method: GiftAidCancellationMethod!, $note: String) {
  cancelGiftAidDeclarationForDonor(id: $id, cancelledOn: $cancelledOn, method: $method, note: $note) { ${FIELDS} cancelledByUser { id } } }`;
const RECORD = `mutation($userId: ID, $donorEmail: String, $source: GiftAidDeclarationSource!, $declaredOn: String!, $scope: GiftAidDeclarationScope!,
  $firstName: String!, $lastName: String!, $houseNameOrNumber: String!, $postcode: String) {
  recordGiftAidDeclaration(userId: $userId, donorEmail: $donorEmail, source: $source, declaredOn: $declaredOn, scope: $scope, firstName: $firstName,
    lastName: $lastName, houseNameOrNumber: $houseNameOrNumber, postcode: $postcode) { ${FIELDS} writtenRecord recordedByUser { id } } }`;

const ADA = { firstName: 'Ada', lastName: 'Lovelace', houseNameOrNumber: '12', postcode: 'M1 1AE' };
const london = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

describe('Gift Aid declarations: made with the gift, after a cancellation, and by staff', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let finance: Member;
  const today = london(new Date());

  const declarations = async (member: Member) =>
    t.db.query<{ id: number; scope: string; version: number; effectiveFrom: string }[]>(
      'SELECT id, scope, version, effective_from::text AS "effectiveFrom" FROM gift_aid_declarations WHERE user_id = $1 ORDER BY id',
      [member.id],
    );
  async function give(member: Member, variables: Record<string, unknown>): Promise<string> {
    const checkout = (await ok(t, GIVE, { currency: 'GBP', ...variables }, member.token)).createDonation;
    await approve(t, checkout.approveUrl);
    expect((await ok(t, CAPTURE, { orderID: checkout.orderID }, member.token)).captureDonation.status).toBe('COMPLETED');
    return checkout.id;
  }
  const donation = async (id: string) => (await ok(t, DONATION, { id }, finance.token)).Donation;
  const paidDaysAgo = (id: string, days: number) => t.db.query(`UPDATE donations SET paid_at = now() - make_interval(days => $1) WHERE id = $2`, [days, id]);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    finance = await t.member();
    await t.db.query(`UPDATE users SET role = 'Finance' WHERE id = $1`, [finance.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores a single-gift declaration with its gift, and a refused gift leaves none to cover the next one', async () => {
    const donor = await t.member();
    const single = { scope: 'ThisDonation', ...ADA };
    for (const amount of [0, 10_000.01]) {
      const refused = await t.gql(GIVE, { amount, currency: 'GBP', giftAidDeclaration: single }, donor.token);
      expect(refused.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' });
    }
    const badPostcode = await t.gql(GIVE, { amount: 5, currency: 'GBP', giftAidDeclaration: { ...single, postcode: 'NOT A CODE' } }, donor.token);
    expect(badPostcode.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'giftAidDeclaration.postcode' });
    const badName = await t.gql(GIVE, { amount: 5, currency: 'GBP', giftAidDeclaration: { ...single, firstName: '=1' } }, donor.token);
    expect(badName.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'giftAidDeclaration.firstName' });
    expect(await declarations(donor)).toEqual([]);
    expect(await t.db.query('SELECT id FROM donations WHERE user_id = $1', [donor.id])).toEqual([]);

    const uncovered = await t.gql(GIVE, { amount: 5, currency: 'GBP', giftAid: true }, donor.token);
    expect(uncovered.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'giftAid' });

    const gift = await give(donor, { amount: 10, giftAidDeclaration: single });
    const [stored] = await declarations(donor);
    expect(stored.scope).toBe('ThisDonation');
    const [{ declarationId }] = await t.db.query('SELECT gift_aid_declaration_id AS "declarationId" FROM donations WHERE id = $1', [gift]);
    expect(declarationId).toBe(stored.id);
    expect(await donation(gift)).toMatchObject({ giftAid: true, giftAidStatus: 'Eligible' });
    // Used by that gift, the single-gift declaration covers no other.
    expect((await t.gql(GIVE, { amount: 5, currency: 'GBP', giftAid: true }, donor.token)).errors[0].extensions.field).toBe('giftAid');
  });

  it('stores a monthly gift\'s enduring declaration with it, and a refused monthly gift leaves none', async () => {
    const MONTHLY = `mutation($amount: Float!, $giftAidDeclaration: GiftAidDeclarationInput) {
      createRegularDonation(amount: $amount, currency: "GBP", giftAidDeclaration: $giftAidDeclaration) { id } }`;
    const donor = await t.member();
    const enduring = { scope: 'Enduring', ...ADA };
    expect((await t.gql(MONTHLY, { amount: 0, giftAidDeclaration: enduring }, donor.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' });
    expect((await t.gql(MONTHLY, { amount: 5, giftAidDeclaration: { ...enduring, scope: 'ThisDonation' } }, donor.token)).errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'giftAidDeclaration.scope',
    });
    expect(await declarations(donor)).toEqual([]);
    expect(await t.db.query('SELECT id FROM regular_donations WHERE user_id = $1', [donor.id])).toEqual([]);

    const gift = (await ok(t, MONTHLY, { amount: 5, giftAidDeclaration: enduring }, donor.token)).createRegularDonation;
    expect((await declarations(donor)).map((row) => row.scope)).toEqual(['Enduring']);
    const [{ giftAid }] = await t.db.query('SELECT gift_aid AS "giftAid" FROM regular_donations WHERE id = $1', [gift.id]);
    expect(giftAid).toBe(true);
  });

  it('keeps an enduring declaration unchanged when the donor ticks Gift Aid again with the same details', async () => {
    const donor = await t.member();
    const first = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA }, donor.token)).createGiftAidDeclaration;
    expect(first.wording).toContain("I am giving my own money, not a company's, a group's or someone else's.");
    expect(first.wordingVersion).toBe('hmrc-model-2026');
    const again = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA, postcode: 'm11ae' }, donor.token)).createGiftAidDeclaration;
    expect(again).toMatchObject({ id: first.id, version: 1, status: 'InForce' });
    await give(donor, { amount: 7, giftAidDeclaration: { scope: 'Enduring', ...ADA } });
    expect((await declarations(donor)).map((row) => row.version)).toEqual([1]);

    const moved = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA, houseNameOrNumber: '14' }, donor.token)).createGiftAidDeclaration;
    expect(moved).toMatchObject({ version: 2, previousId: first.id, effectiveFrom: first.effectiveFrom });
  });

  it('starts a declaration made after a cancellation from the day it is made, unless the donor paid tax since', async () => {
    const donor = await t.member();
    const old = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA }, donor.token)).createGiftAidDeclaration;
    await ok(t, CANCEL, { id: old.id }, donor.token);
    await t.db.query(`UPDATE gift_aid_declarations SET cancelled_at = now() - interval '100 days', declared_on = current_date - 400 WHERE id = $1`, [old.id]);
    const cancelledOn = london(new Date(Date.now() - 100 * 86_400_000));
    const dayAfter = london(new Date(Date.parse(`${cancelledOn}T12:00:00Z`) + 86_400_000));

    const form = (await ok(t, FORM, { scope: 'Enduring' }, donor.token)).giftAidDeclarationForm;
    expect(form).toMatchObject({ cancelledOn, coverSinceCancellationFrom: dayAfter });
    expect(form.wording).toMatch(/^I want to Gift Aid any donations I make in the future to /);

    const inGap = await give(donor, { amount: 20 });
    await paidDaysAgo(inGap, 50);
    const renewed = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA }, donor.token)).createGiftAidDeclaration;
    expect(renewed).toMatchObject({ effectiveFrom: today, version: 1 });
    expect(renewed.wording).toMatch(/any donations I make in the future to /);
    expect(await donation(inGap)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: 'Declaration cancelled before this gift' });

    // The donor says they paid UK tax all along: the gap is covered, and the wording says from when.
    const other = await t.member();
    const cancelled = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA }, other.token)).createGiftAidDeclaration;
    await ok(t, CANCEL, { id: cancelled.id }, other.token);
    await t.db.query(`UPDATE gift_aid_declarations SET cancelled_at = now() - interval '100 days' WHERE id = $1`, [cancelled.id]);
    const gapGift = await give(other, { amount: 20 });
    await paidDaysAgo(gapGift, 50);
    const covering = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA, effectiveFrom: dayAfter }, other.token)).createGiftAidDeclaration;
    expect(covering.effectiveFrom).toBe(dayAfter);
    expect(covering.wording).toMatch(/or have made since \d{1,2} \w+ \d{4} to /);
    expect(await donation(gapGift)).toMatchObject({ giftAidStatus: 'Eligible' });
    // A new address keeps what the declaration covers, and the form shows the wording that will be stored.
    const shown = (await ok(t, FORM, { scope: 'Enduring' }, other.token)).giftAidDeclarationForm;
    const moved = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA, houseNameOrNumber: '99' }, other.token)).createGiftAidDeclaration;
    expect(moved).toMatchObject({ version: 2, effectiveFrom: dayAfter, wording: shown.wording });
  });

  it('lists declarations for Finance only, by donor name and status, with their versions', async () => {
    const donor = await t.member();
    const v1 = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA, lastName: 'Zebedee' }, donor.token)).createGiftAidDeclaration;
    const v2 = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA, lastName: 'Zebedee', houseNameOrNumber: '9' }, donor.token)).createGiftAidDeclaration;
    expect((await t.gql(LIST, {}, donor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.gql(SHOW, { id: v1.id }, donor.token)).errors[0].extensions.code).toBe('FORBIDDEN');

    const inForce = await ok(t, LIST, { filter: { q: 'ada zebed', status: 'InForce' } }, finance.token);
    expect(inForce.allGiftAidDeclarations).toEqual([{ id: v2.id, status: 'InForce', lastName: 'Zebedee' }]);
    expect(inForce._allGiftAidDeclarationsMeta.count).toBe(1);
    expect((await ok(t, LIST, { filter: { q: 'Zebedee', status: 'Superseded' } }, finance.token)).allGiftAidDeclarations.map((row: { id: string }) => row.id)).toEqual([v1.id]);
    const shown = (await ok(t, SHOW, { id: v1.id }, finance.token)).GiftAidDeclaration;
    expect(shown).toMatchObject({ source: 'Online', status: 'Superseded', donor: { id: String(donor.id), email: donor.email }, recordedByUser: null, writtenRecord: null });
    expect(shown.versions).toEqual([
      { id: v2.id, version: 2, status: 'InForce' },
      { id: v1.id, version: 1, status: 'Superseded' },
    ]);
    // A declaration names its donor and their home: Finance's reads are on the audit trail, as a claim's rows are.
    const reads = await t.db.query(`SELECT action, record_kind, record_ids FROM audit_events WHERE actor_id = $1 AND action LIKE 'gift-aid.%' ORDER BY id DESC LIMIT 2`, [finance.id]);
    expect(reads).toEqual([
      { action: 'gift-aid.read', record_kind: 'GiftAidDeclaration', record_ids: [v1.id] },
      { action: 'gift-aid.list', record_kind: 'GiftAidDeclaration', record_ids: [v1.id] },
    ]);
  });

  it('records a cancellation received by phone: later gifts are Ineligible, and who recorded it is kept and audited', async () => {
    const donor = await t.member();
    const declared = (await ok(t, DECLARE, { scope: 'Enduring', ...ADA }, donor.token)).createGiftAidDeclaration;
    const before = await give(donor, { amount: 15, giftAid: true });
    await paidDaysAgo(before, 1);
    const variables = { id: declared.id, cancelledOn: today, method: 'Phone', note: 'Rang the office' };
    expect((await t.gql(STAFF_CANCEL, variables, donor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    const tomorrow = london(new Date(Date.now() + 86_400_000));
    expect((await t.gql(STAFF_CANCEL, { ...variables, cancelledOn: tomorrow }, finance.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'cancelledOn' });
    expect((await t.gql(STAFF_CANCEL, { ...variables, method: 'Online' }, finance.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'method' });
    const beforeCovered = london(new Date(Date.parse(`${declared.effectiveFrom}T12:00:00Z`) - 86_400_000));
    expect((await t.gql(STAFF_CANCEL, { ...variables, cancelledOn: beforeCovered }, finance.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'cancelledOn' });

    const cancelled = (await ok(t, STAFF_CANCEL, variables, finance.token)).cancelGiftAidDeclarationForDonor;
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancellationMethod: 'Phone', cancellationNote: 'Rang the office', cancelledByUser: { id: String(finance.id) } });
    expect(london(new Date(cancelled.cancelledAt))).toBe(today);
    expect(cancelled.cancellationRecordedAt).not.toBeNull();
    expect((await t.gql(STAFF_CANCEL, variables, finance.token)).errors[0].extensions.code).toBe('CONFLICT');

    const after = await give(donor, { amount: 15 });
    expect(await donation(after)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: 'Declaration cancelled before this gift' });
    expect(await donation(before)).toMatchObject({ giftAidStatus: 'Eligible' });
    const [event] = await t.db.query(`SELECT action, record_kind, record_ids, detail FROM audit_events WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`, [finance.id]);
    expect(event).toEqual({ action: 'gift-aid.declaration-cancelled', record_kind: 'GiftAidDeclaration', record_ids: [declared.id], detail: `Phone, from ${today}` });
  });

  it("records an oral declaration for a member chosen by e-mail, and e-mails them HMRC's written record", async () => {
    const donor = await t.member();
    const details = { source: 'Oral', declaredOn: today, scope: 'Enduring', title: 'Mrs', ...ADA, lastName: 'Byron' };
    expect((await t.gql(RECORD, { ...details, donorEmail: donor.email }, donor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    const unknown = await t.gql(RECORD, { ...details, donorEmail: 'nobody@test.example' }, finance.token);
    expect(unknown.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'donorEmail' });
    expect((await t.gql(RECORD, { ...details, donorEmail: donor.email, source: 'Online' }, finance.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'source' });
    expect(await declarations(donor)).toEqual([]);

    const recorded = (await ok(t, RECORD, { ...details, donorEmail: donor.email.toUpperCase() }, finance.token)).recordGiftAidDeclaration;
    expect(recorded).toMatchObject({ userId: String(donor.id), source: 'Oral', declaredOn: today, status: 'InForce', recordedByUser: { id: String(finance.id) } });
    expect(recorded.confirmationSentAt).not.toBeNull();
    expect(recorded.writtenRecord).toContain('within 30 days');
    const mail = await smtp.waitFor((received) => received.to.includes(donor.email) && received.subject.includes('Gift Aid declaration'));
    expect(mail.text).toContain(recorded.wording.slice(0, 40));
    expect(mail.text).toMatch(/cancel this declaration within 30 days/);
    const [event] = await t.db.query(`SELECT action, record_ids FROM audit_events WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`, [finance.id]);
    expect(event).toEqual({ action: 'gift-aid.declaration-recorded', record_ids: [recorded.id] });

    // The donor's gifts are covered by it.
    const gift = await give(donor, { amount: 30, giftAid: true });
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Eligible' });
  });
});
