import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, openSignedIn, refuseOtherOrigins, type Member } from './web-helpers.ts';

let site: Site;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
let member: Member;
/** Every script the pages asked for, by path. */
const scripts: string[] = [];

const SDK = '/paypal-emulator/sdk/js';

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  member = await createMember(site.baseUrl, 'Lydia');
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

test('the home page loads no PayPal script, and its CSP allows no script from PayPal', async () => {
  scripts.length = 0;
  const response = await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
  assert.ok(scripts.length > 0, 'the page loaded its own scripts');
  assert.deepEqual(
    scripts.filter((path) => path.startsWith('/paypal-emulator') || /paypal/i.test(path)),
    [],
  );
  const scriptSrc = response!.headers()['content-security-policy'].split(';').find((directive) => directive.startsWith('script-src '));
  assert.ok(scriptSrc);
  assert.doesNotMatch(scriptSrc, /paypal/);
  assert.equal(await page.evaluate(() => 'paypal' in window), false);
});

test("a member pays the cart through PayPal's buttons without leaving the site", async () => {
  const { allBooks } = await graphql<{ allBooks: { id: string; title: string; price: number }[] }>(site.baseUrl, '{ allBooks(sortField: "title", sortOrder: "ASC") { id title price } }');
  const book = allBooks[0];
  await openSignedIn(page, site.baseUrl, member, `/book-details-page/${book.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.waitForURL(`${site.baseUrl}/user/cart-page`);

  const buttons = page.getByRole('button', { name: 'Pay with PayPal (test payments)' });
  await buttons.waitFor();
  assert.ok(scripts.some((path) => path === SDK), "the emulator's SDK stand-in was loaded");
  await buttons.click();
  const panel = page.getByRole('dialog', { name: 'PayPal (test payments)' });
  const total = `£${book.price.toFixed(2)}`;
  await panel.getByText(`Pay ${total}`, { exact: false }).first().waitFor();
  await panel.getByRole('button', { name: `Pay ${total}` }).click();
  await page.waitForURL(`${site.baseUrl}/user/book-payment-success`);
  await page.getByRole('heading', { name: 'Thank you and God bless you' }).waitFor();

  const { allBookOrders } = await graphql<{ allBookOrders: { status: string; total: number }[] }>(
    site.baseUrl,
    '{ allBookOrders(sortField: "createdAt", sortOrder: "DESC", perPage: 1) { status total } }',
    {},
    member.token,
  );
  assert.deepEqual(allBookOrders, [{ status: 'Paid', total: book.price }]);
  assert.equal(await page.evaluate(() => window.localStorage.getItem('cart')?.includes('"cartItems":[]') ?? true), true, 'the cart was emptied');
});

test('a member sets up a monthly gift, then cancels it', async () => {
  await openSignedIn(page, site.baseUrl, member, '/user/make-donations');
  await page.getByRole('radio', { name: 'Give monthly' }).check();
  await page.getByRole('spinbutton', { name: 'Amount each month' }).fill('10');
  await page.getByRole('button', { name: 'Give monthly with PayPal' }).click();
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/subscribe');
  assert.match(await page.locator('h1').innerText(), /Agree to pay £10\.00 every month/);
  await page.getByRole('button', { name: 'Agree and subscribe' }).click();

  await page.waitForURL((url) => url.pathname === '/user/giving');
  await page.getByText('Thank you! Your monthly gift is set up.').waitFor();
  const gift = page.getByRole('listitem').filter({ hasText: '£10.00 a month' });
  await gift.getByText('Active', { exact: true }).waitFor();
  assert.match(await gift.innerText(), /Next payment on \d{1,2} \w+ \d{4}/);
  assert.equal(new URL(page.url()).search, '', 'the return address is cleaned, so a reload confirms nothing twice');

  await gift.getByRole('button', { name: 'Cancel your gift of £10.00 a month' }).click();
  await gift.getByRole('button', { name: 'Keep giving' }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Keep giving', 'the safe choice has the focus');
  await gift.getByRole('button', { name: 'Yes, cancel this gift' }).click();
  await gift.getByText('Cancelled', { exact: true }).waitFor();
  assert.match(await gift.innerText(), /Cancelled on/);

  const { allRegularDonations } = await graphql<{ allRegularDonations: { status: string; amount: number }[] }>(
    site.baseUrl,
    '{ allRegularDonations { status amount } }',
    {},
    member.token,
  );
  assert.deepEqual(allRegularDonations, [{ status: 'Cancelled', amount: 10 }]);
});
