import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, startSite, type Site } from './support/harness.ts';
import { graphql, refuseOtherOrigins } from './web-helpers.ts';

let site: Site;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;

const member = { firstname: 'Priscilla', lastname: 'Aquila', email: `priscilla.${Date.now()}@example.net`, password: 'tent-makers-of-corinth' };

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const token = () => page.evaluate(() => (JSON.parse(window.localStorage.getItem('session') ?? '{}') as { token?: string }).token ?? '');

/** Picks an entry of a searchable list by typing part of it and choosing the match. */
async function choose(label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  assert.equal(await input.inputValue(), option);
}

test('a visitor registers with the dependent country, state and city lists', async () => {
  const requests: { path: string; body: string }[] = [];
  const record = (request: Request) => requests.push({ path: new URL(request.url()).pathname, body: request.postData() ?? '' });
  page.on('request', record);
  await page.goto(`${site.baseUrl}/register`, { waitUntil: 'networkidle' });
  await page.getByLabel('Title').fill('Sister');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('First name').fill(member.firstname);
  await page.getByLabel('Last name').fill(member.lastname);
  await page.getByLabel('Marital status').selectOption('married');
  await page.getByLabel('Phone').fill('020 7946 0321');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('short');

  const country = page.getByRole('combobox', { name: 'Country' });
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#field-country')?.value === 'United Kingdom');
  await country.fill('Ghan');
  await country.press('ArrowDown');
  await country.press('Enter');
  assert.equal(await country.inputValue(), 'Ghana', 'the keyboard chooses from the list');
  await choose('Country', 'united king', 'United Kingdom');
  await choose('State, county or region', 'engl', 'England');
  await choose('City or town', 'Londo', 'London');
  page.off('request', record);
  // Cities come from the country's file, which the browser caches, never from a per-state API call.
  assert.ok(requests.some((r) => r.path === '/cities/GB.json'), 'the cities of the United Kingdom were read from their file');
  assert.deepEqual(requests.filter((r) => r.path.endsWith('/cities') || r.body.includes('cities(')), []);

  await page.getByRole('button', { name: 'Create account' }).click();
  const password = page.getByLabel('Password');
  await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
  assert.equal(await password.getAttribute('aria-invalid'), 'true', 'the server named the password');
  assert.match(await page.locator('#field-password-error').innerText(), /at least 8 characters/);
  assert.equal(await page.getByRole('combobox', { name: 'City or town' }).inputValue(), 'London', 'choices survive a failed submit');

  await password.fill(member.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The new member is signed in at once; the next test logs in afresh.
  await page.waitForURL((url) => url.pathname === '/user/user-dashboard');
  await page.evaluate(() => window.localStorage.removeItem('session'));
  await page.goto(`${site.baseUrl}/userlogin`, { waitUntil: 'networkidle' });

  const { login } = await graphql<{ login: { user: { country: string; state: string; city: string; title: string } } }>(
    site.baseUrl,
    'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { user { country state city title } } }',
    { email: member.email, password: member.password },
  );
  assert.deepEqual(login.user, { country: 'United Kingdom', state: 'England', city: 'London', title: 'Sister' });
});

test('the member logs in after the empty-field messages and is welcomed by name', async () => {
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('#field-email-error').getByText('kindly enter your email address to continue').waitFor();
  assert.ok(await page.locator('#field-password-error').getByText('kindly enter your password to continue').isVisible());
  await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('#field-password-error').waitFor();
  assert.equal(await page.getByLabel('Password').getAttribute('aria-invalid'), 'true', 'the refusal is tied to the password');

  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${site.baseUrl}/user/user-dashboard`);
  await page.getByRole('heading', { name: `Welcome, ${member.firstname}`, exact: true }).waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Member area' }).getByText('Admin').count(), 0, 'no admin entries for a member');
  assert.ok(await page.getByRole('button', { name: `Hi, ${member.firstname}` }).isVisible(), 'the header knows the member');
});

test('the member makes a prayer request and finds it in their list', async () => {
  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'Make a prayer request' }).click();
  await page.getByLabel('Title').fill('Healing for my mother');
  await page.getByLabel('Your prayer request').fill('My mother has an operation on Thursday. Please pray for the surgeons and for a quick recovery.');
  await page.getByRole('button', { name: 'Send prayer request' }).click();
  await page.waitForURL(`${site.baseUrl}/user/user-dashboard`);
  await page.getByText('Your prayer request has been sent').waitFor();

  await page.getByRole('navigation', { name: 'Member area' }).getByRole('link', { name: 'My prayer requests' }).click();
  await page.getByRole('heading', { name: 'Healing for my mother' }).waitFor();
});

test('every page of the member area opens inside the shared layout', async () => {
  const pages: Record<string, string> = {
    '/user/user-dashboard': `Welcome, ${member.firstname}`,
    '/user/prayer-request': 'Make a prayer request',
    '/user/share-testimony': 'Share a testimony',
    '/user/my-prayer-requests': 'My prayer requests',
    '/user/my-testimonies': 'My testimonies',
    '/user/privacy': 'My privacy',
    '/user/make-donations': 'Give',
    '/user/cart-page': 'My cart',
    '/user/paypal-payment': 'Review and pay',
    '/user/book-shop-paypal-payment-response': 'Payment not completed',
    '/user/make-donations-paypal-payment-response': 'Payment not completed',
    '/user/book-payment-success': 'Thank you and God bless you',
    '/user/donation-payment-success': 'Thank you and God bless you',
    '/user/password-sent': 'Check your email',
  };
  for (const [path, heading] of Object.entries(pages)) {
    await page.goto(`${site.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    if (path !== '/user/password-sent') assert.ok(await page.getByRole('navigation', { name: 'Member area' }).isVisible(), `${path} has the side navigation`);
  }
});

test('the member shares a testimony with a picture and sees it awaiting review', async () => {
  await page.goto(`${site.baseUrl}/user/share-testimony`, { waitUntil: 'networkidle' });
  await page.getByLabel('Title').fill('Work found after a long search');
  await page.getByLabel('Your testimony').fill('For a year I looked for work.\n\nLast month the church prayed with me, and this week I started a job I love.');
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 150, b: 60 } } }).png().toBuffer();
  await page.getByLabel('A picture (optional)').setInputFiles({ name: 'job.png', mimeType: 'image/png', buffer: picture });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Share testimony' }).click();
  await page.waitForURL(`${site.baseUrl}/user/my-testimonies`);
  const record = page.locator('.record', { hasText: 'Work found after a long search' });
  await record.waitFor();
  assert.equal((await record.locator('.status').innerText()).trim(), 'Awaiting review');

  const { allPosts } = await graphql<{ allPosts: { name: string; image: string | null; status: string }[] }>(
    site.baseUrl,
    '{ allPosts(filter: { categoryId: 2, q: "Work found after a long search" }) { name image status } }',
  );
  assert.deepEqual(allPosts, [], 'a visitor does not see it before a pastor authorises it');
  const mine = await graphql<{ allPosts: { image: string | null; status: string; body: string }[] }>(
    site.baseUrl,
    '{ allPosts(filter: { categoryId: 2, q: "Work found after a long search" }) { image status body } }',
    {},
    await token(),
  );
  assert.equal(mine.allPosts[0]?.status, 'UnAuthorised');
  assert.match(mine.allPosts[0]?.image ?? '', /^\/uploads\//, 'the picture was uploaded and attached');
  assert.match(mine.allPosts[0]?.body ?? '', /<p>For a year I looked for work.<\/p>/);
});

type Book = { id: string; title: string; price: number };

async function addBook(book: Book, quantity: number) {
  await page.goto(`${site.baseUrl}/book-shop`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: book.title }).click();
  await page.waitForURL(`${site.baseUrl}/book-details-page/${book.id}`);
  const field = page.getByRole('spinbutton', { name: 'Quantity' });
  const showsQuantity = (value: number) => page.waitForFunction((expected) => (document.getElementById('quantity') as HTMLInputElement | null)?.value === expected, String(value));
  await showsQuantity(1); // quantity starts at 1
  await page.getByRole('button', { name: 'Decrease quantity' }).click({ force: true });
  await field.fill('0');
  await field.blur();
  await showsQuantity(1); // never below 1
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await showsQuantity(quantity);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.waitForURL(`${site.baseUrl}/user/cart-page`);
}

const money = (amount: number) => `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the cart removes an item, empties, and says when there is nothing in it', async () => {
  const { allBooks } = await graphql<{ allBooks: Book[] }>(site.baseUrl, '{ allBooks(sortField: "title", sortOrder: "ASC") { id title price } }');
  await addBook(allBooks[0], 1);
  await addBook(allBooks[1], 3);
  await page.locator('.cart-item').nth(1).waitFor();
  await page.getByRole('button', { name: `Remove ${allBooks[0].title} from the cart` }).click();
  await page.getByRole('button', { name: `Pay with PayPal ${money(allBooks[1].price * 3)}` }).waitFor();
  assert.equal(await page.locator('.cart-item').count(), 1);
  await page.reload({ waitUntil: 'networkidle' });
  await page.locator('.cart-item').waitFor(); // the cart is kept in the browser
  await page.getByRole('button', { name: 'Empty Cart' }).click();
  await page.getByText('No items in the cart').waitFor();
});

test('the member puts two books in the cart and pays through the approval page', async () => {
  const { allBooks } = await graphql<{ allBooks: Book[] }>(site.baseUrl, '{ allBooks(sortField: "title", sortOrder: "ASC") { id title price } }');
  assert.ok(allBooks.length >= 2, 'the demo seed has books');
  const [first, second] = allBooks;
  await addBook(first, 2);
  await addBook(second, 1);

  const items = page.locator('.cart-item');
  await items.nth(1).waitFor();
  assert.equal(await items.count(), 2);
  assert.ok(await items.first().getByText(money(first.price)).isVisible(), 'prices read 0,0.00');
  const total = Math.round((first.price * 2 + second.price) * 100) / 100;
  const pay = page.getByRole('button', { name: `Pay with PayPal ${money(total)}` });
  assert.ok(await pay.isVisible(), 'the button shows the whole cart');

  await pay.click();
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/checkoutnow');
  assert.match(await page.locator('h1').innerText(), new RegExp(`Approve your payment of ${money(total).replace('.', '\\.')}`));
  // Hold the capture back a moment to see the return page wait for it.
  await page.route(`${site.baseUrl}/graphql`, async (route) => {
    if (route.request().postData()?.includes('captureBookOrder')) await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === '/user/book-shop-paypal-payment-response' && url.searchParams.has('token'));
  await page.getByText('please wait').waitFor();
  await page.waitForURL(`${site.baseUrl}/user/book-payment-success`);
  await page.unroute(`${site.baseUrl}/graphql`);
  await page.getByRole('heading', { name: 'Thank you and God bless you' }).waitFor();
  for (const line of ['Thank you and God bless you', 'Your payment was received.', 'Copy(ies) will be sent to you shortly']) {
    assert.ok(await page.getByText(line, { exact: true }).isVisible(), line);
  }

  const { allBookOrders } = await graphql<{ allBookOrders: { total: number; status: string; items: { bookId: string; quantity: number }[] }[] }>(
    site.baseUrl,
    '{ allBookOrders { total status items { bookId quantity } } }',
    {},
    await token(),
  );
  assert.equal(allBookOrders.length, 1);
  assert.equal(allBookOrders[0].status, 'Paid');
  assert.equal(allBookOrders[0].total, total, 'the whole cart was paid');
  assert.deepEqual(allBookOrders[0].items.map((item) => [item.bookId, item.quantity]).sort(), [[first.id, 2], [second.id, 1]].sort());

  await page.goto(`${site.baseUrl}/user/cart-page`, { waitUntil: 'networkidle' });
  await page.getByText('No items in the cart').waitFor();
});

test('a donation in US dollars survives a declined card and ends on the donation success screen', async () => {
  await page.goto(`${site.baseUrl}/user/make-donations`, { waitUntil: 'networkidle' });
  await page.getByLabel('Amount').fill('25');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByLabel('What is your gift for? (optional)').fill('Building fund');
  await page.getByRole('button', { name: 'Donate with PayPal' }).click();
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/checkoutnow');
  assert.match(await page.locator('h1').innerText(), /\$25\.00/);

  await page.getByLabel(/Decline the card/).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  // The shop's capture is declined: the buyer is sent back to approve again.
  await page.waitForURL((url) => url.pathname === '/user/make-donations-paypal-payment-response');
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/checkoutnow');
  await page.getByLabel(/Complete the payment/).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${site.baseUrl}/user/donation-payment-success`);
  await page.getByRole('heading', { name: 'Thank you and God bless you' }).waitFor();
  assert.ok(await page.getByText('Thank you and God bless you', { exact: true }).isVisible());
  assert.ok(await page.getByText(/^Your donation of US\$25\.00 was received\./).isVisible(), 'the success page names the amount');

  const { allDonations } = await graphql<{ allDonations: { amount: number; currency: string; description: string; status: string }[] }>(
    site.baseUrl,
    '{ allDonations { amount currency description status } }',
    {},
    await token(),
  );
  assert.deepEqual(allDonations, [{ amount: 25, currency: 'USD', description: 'Building fund', status: 'Paid' }]);
});

test('logout clears the browser and goes to /home', async () => {
  await page.goto(`${site.baseUrl}/user/user-dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page.waitForURL(`${site.baseUrl}/home`);
  assert.equal(await page.evaluate(() => window.localStorage.length), 0);
  await page.getByRole('button', { name: 'Account' }).waitFor();
});

/** The reset link as the e-mail written to DATA_DIR/outbox carries it (quoted-printable undone). */
async function resetLinkFromOutbox(after: number): Promise<string> {
  const { readdir, readFile, stat } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const outbox = join(site.dataDir, 'outbox');
  // The reset e-mail is written by two background jobs (the lookup, then the mail): allow a busy machine a minute.
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      if ((await stat(join(outbox, file))).mtimeMs < after) continue;
      const text = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(text)?.[0];
      if (link && text.includes(member.email)) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no reset e-mail arrived');
}

test('a member who forgot the password resets it from the e-mailed link', async () => {
  const asked = Date.now() - 1000;
  await page.goto(`${site.baseUrl}/userlogin`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: /Forgot your password/ }).click();
  // The login page has an Email field too: fill the reset form's only once it is on screen.
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${site.baseUrl}/password-sent`).catch(async (error: Error) => {
    throw new Error(`${error.message}\nthe page says: ${await page.locator('main').innerText()}`);
  });
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();

  await page.goto(await resetLinkFromOutbox(asked), { waitUntil: 'networkidle' });
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Error resetting password').waitFor();
  await page.getByLabel('New password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: `Welcome, ${member.firstname}`, exact: true }).waitFor();
});
