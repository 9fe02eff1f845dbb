import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, createStaffMember, graphql, logIn, openSignedIn, refuseOtherOrigins, type Member } from './web-helpers.ts';

let site: Site;
let browser: Browser;
let member: Member;
let financeStaff: Member;
let editorStaff: Member;

/** Today in London as the schedule writes it (DD/MM/YY) and as a date input takes it (YYYY-MM-DD). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const [year, month, day] = today.split('-');

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  member = await createMember(site.baseUrl, 'Priscilla');
  const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
  financeStaff = await createStaffMember(site.baseUrl, admin.token, 'David', 'Finance');
  editorStaff = await createStaffMember(site.baseUrl, admin.token, 'Ruth', 'Editor');
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

test('a member gives with Gift Aid; the claim is made in the console and Finance downloads the schedule', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await openSignedIn(page, site.baseUrl, member, '/user/make-donations');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('10');
  const giftAid = page.getByRole('checkbox', { name: 'Add Gift Aid (+25%)' });
  assert.equal(await giftAid.isChecked(), false, 'the box starts unticked');
  await giftAid.check();
  const wording = page.locator('blockquote.gift-aid-wording');
  await wording.getByText(/^I want to Gift Aid my donation of £10\.00 and any donations I make in the future or have made in the past 4 years to /).waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'First name' }).inputValue(), 'Priscilla', "pre-filled from the member's profile");
  await page.getByRole('textbox', { name: 'House name or number' }).fill('7');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('sw1a 1aa');
  await page.getByRole('button', { name: 'Donate with PayPal' }).click();
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/checkoutnow');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${site.baseUrl}/user/donation-payment-success`);

  const { allDonations } = await graphql<{ allDonations: { giftAid: boolean; giftAidStatus: string }[] }>(site.baseUrl, '{ allDonations { giftAid giftAidStatus } }', {}, member.token);
  assert.deepEqual(allDonations, [{ giftAid: true, giftAidStatus: 'Eligible' }]);

  const finance = await (await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })).newPage();
  await finance.goto(`${site.baseUrl}/admin/login`);
  await finance.getByLabel('Email address').fill(financeStaff.email);
  await finance.getByRole('textbox', { name: 'Password' }).fill(financeStaff.password);
  await finance.getByRole('button', { name: 'Log in' }).click();
  await finance.getByText('Welcome to the admin console').waitFor();
  await finance.goto(`${site.baseUrl}/admin/gift-aid-claims/create`);
  await finance.getByLabel('From', { exact: true }).fill(today);
  await finance.getByLabel('To', { exact: true }).fill(today);
  await finance.getByRole('button', { name: 'Preview' }).click();
  await finance.getByText('1 donations, £10.00: Gift Aid to reclaim £2.50').waitFor();
  const row = finance.getByRole('table', { name: 'Schedule rows' }).getByRole('row').nth(1);
  assert.deepEqual(await row.getByRole('cell').allInnerTexts(), ['', 'Priscilla', 'Tester', '7', 'SW1A 1AA', '', '', `${day}/${month}/${year.slice(2)}`, '10.00']);
  await finance.getByRole('button', { name: 'Create claim' }).click();
  await finance.waitForURL(/\/admin\/gift-aid-claims\/\d+\/show$/);
  const claimId = /gift-aid-claims\/(\d+)\/show/.exec(finance.url())![1];

  const [download] = await Promise.all([finance.waitForEvent('download'), finance.getByRole('button', { name: `gift-aid-claim-${claimId}.csv` }).click()]);
  assert.equal(download.suggestedFilename(), `gift-aid-claim-${claimId}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  assert.equal(
    csv,
    'Title,First name,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount\r\n' +
      `,Priscilla,Tester,7,SW1A 1AA,,,${day}/${month}/${year.slice(2)},10.00\r\n`,
  );

  // The Finance role downloads the same bytes; an Editor is refused.
  const schedule = (token: string) => fetch(`${site.baseUrl}/api/gift-aid/claims/${claimId}/schedule.csv`, { headers: { authorization: `Bearer ${token}` } });
  const byFinance = await schedule(financeStaff.token);
  assert.equal(byFinance.status, 200);
  assert.equal(await byFinance.text(), csv);
  assert.equal((await schedule(editorStaff.token)).status, 403);

  await page.goto(`${site.baseUrl}/user/giving`, { waitUntil: 'networkidle' });
  const statement = page.getByRole('region', { name: /^Giving statement \d{4}-\d{2}$/ });
  await statement.getByText('Gift Aid claimed').waitFor();
  await page.getByRole('list', { name: 'Your Gift Aid declarations' }).getByText('In force').waitFor();
});

test('cancelling a declaration asks first, with the safe choice focused, then moves focus to the result and announces it', async () => {
  const donor = await createMember(site.baseUrl, 'Lydia');
  await graphql(
    site.baseUrl,
    `mutation { createGiftAidDeclaration(scope: Enduring, firstName: "Lydia", lastName: "Thyatira", houseNameOrNumber: "3", postcode: "M1 1AE") { id } }`,
    {},
    donor.token,
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await openSignedIn(page, site.baseUrl, donor, '/user/giving');
  const declarations = page.getByRole('list', { name: 'Your Gift Aid declarations' });
  const ask = declarations.getByRole('button', { name: 'Cancel this declaration' });
  await ask.press('Enter');
  const keep = declarations.getByRole('button', { name: 'No, keep it' });
  await keep.waitFor();
  assert.equal(await keep.evaluate((button) => button === document.activeElement), true, 'the safe choice is focused');
  await page.keyboard.press('Enter');
  await ask.waitFor();
  assert.equal(await ask.evaluate((button) => button === document.activeElement), true, 'focus returns to the button that asked');
  assert.equal(await declarations.getByText('In force').count(), 1, 'one keypress cancelled nothing');

  await ask.click();
  await declarations.getByRole('button', { name: 'Yes, cancel it' }).click();
  const status = declarations.getByText(/^Cancelled on /);
  await status.waitFor();
  assert.equal(await status.evaluate((element) => element === document.activeElement), true, 'focus moves to the result');
  assert.match((await page.getByRole('status').filter({ hasText: 'cancelled' }).textContent()) ?? '', /^Your Gift Aid declaration was cancelled on /);
  await context.close();
});

test('a donor who cancelled is asked whether they paid UK tax since; the new declaration covers the gap only if they did', async () => {
  const donor = await createMember(site.baseUrl, 'Phoebe');
  const london = (daysAgo: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() - daysAgo * 86_400_000));
  // A declaration given by telephone 100 days ago, and a cancellation the donor posted 50 days ago, both recorded by Finance.
  const { recordGiftAidDeclaration } = await graphql<{ recordGiftAidDeclaration: { id: string } }>(
    site.baseUrl,
    `mutation($email: String!, $on: String!) { recordGiftAidDeclaration(donorEmail: $email, source: Oral, declaredOn: $on, scope: Enduring,
      firstName: "Phoebe", lastName: "Cenchreae", houseNameOrNumber: "5", postcode: "M1 1AE") { id } }`,
    { email: donor.email, on: london(100) },
    financeStaff.token,
  );
  await graphql(
    site.baseUrl,
    'mutation($id: ID!, $on: String!) { cancelGiftAidDeclarationForDonor(id: $id, cancelledOn: $on, method: Written) { id } }',
    { id: recordGiftAidDeclaration.id, on: london(50) },
    financeStaff.token,
  );

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await openSignedIn(page, site.baseUrl, donor, '/user/make-donations');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('12');
  await page.getByRole('checkbox', { name: 'Add Gift Aid (+25%)' }).check();
  const question = page.getByRole('group', { name: /^Did you pay UK Income Tax or Capital Gains Tax for all of the time since you cancelled your last declaration on / });
  await question.waitFor();
  assert.equal(await question.getByRole('radio', { name: 'No, or I am not sure' }).isChecked(), true, 'the safe answer is the default');
  const wording = page.locator('blockquote.gift-aid-wording');
  await wording.getByText(/^I want to Gift Aid my donation of £12\.00 and any donations I make in the future to /).waitFor();
  await question.getByRole('radio', { name: 'Yes' }).check();
  await wording.getByText(/and any donations I make in the future or have made since \d{1,2} \w+ \d{4} to /).waitFor();
  await page.getByRole('button', { name: 'Donate with PayPal' }).click();
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/checkoutnow');

  const { myGiftAidDeclarations } = await graphql<{ myGiftAidDeclarations: { effectiveFrom: string; cancelledAt: string | null }[] }>(
    site.baseUrl,
    '{ myGiftAidDeclarations { effectiveFrom cancelledAt } }',
    {},
    donor.token,
  );
  assert.deepEqual(myGiftAidDeclarations[0], { effectiveFrom: london(49), cancelledAt: null }, 'covers from the day after the cancellation');
  await context.close();

  // Finance finds the cancelled declaration in the console: who recorded it, how it was cancelled, its written record.
  const finance = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await finance.goto(`${site.baseUrl}/admin/login`);
  await finance.getByLabel('Email address').fill(financeStaff.email);
  await finance.getByRole('textbox', { name: 'Password' }).fill(financeStaff.password);
  await finance.getByRole('button', { name: 'Log in' }).click();
  await finance.getByText('Welcome to the admin console').waitFor();
  await finance.goto(`${site.baseUrl}/admin/gift-aid-declarations`);
  await finance.getByPlaceholder('Search donor name').fill('Cenchreae');
  // The search applies after a pause, and puts itself in the address: wait for it before opening a row.
  await finance.waitForURL((url) => decodeURIComponent(url.search).includes('Cenchreae'));
  await finance.getByRole('row').filter({ hasText: 'Cenchreae' }).filter({ hasText: 'Cancelled' }).getByRole('link', { name: /Show/ }).click();
  await finance.waitForURL(new RegExp(`/admin/gift-aid-declarations/${recordGiftAidDeclaration.id}/show$`));
  await finance.getByText(/Orally, recorded by David /).waitFor();
  await finance.getByText(/received in writing \(letter\), recorded by David /).waitFor();
  await finance.getByRole('region', { name: 'Written record sent to the donor' }).getByText(/within 30 days/).waitFor();
  assert.equal(await finance.getByRole('button', { name: 'Record cancellation' }).count(), 0, 'a cancelled declaration offers no second cancellation');
  await finance.context().close();
});
