import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { wcagViolations } from './web-helpers.ts';

/** A real PNG (solid colour) that the server's image pipeline accepts. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const MEMBER = { email: 'hannah@example.net', password: 'samuel-was-asked-for' };
const SESSION_KEY = 'ministry-admin.session';

describe('admin console', () => {
  let site: Site;
  let browser: Browser;

  type Json = Record<string, unknown>;
  const api = async <T = Json>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${site.baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    return { status: response.status, body: (await response.json()) as T };
  };

  const graphql = async <T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> => {
    const { body } = await api('/graphql', { method: 'POST', body: JSON.stringify({ query, variables }), headers: { authorization: `Bearer ${token}` } });
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data as T;
  };

  const tokenOf = async (email: string, password: string) => (await api('/api/login', { method: 'POST', body: JSON.stringify({ email, password }) })).body.token as string;

  type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
  const newPage = async (storageState?: Session) => (await browser.newContext({ viewport: { width: 1400, height: 900 }, storageState })).newPage();

  const logIn = async (page: Page, email: string, password: string) => {
    await page.goto(`${site.baseUrl}/admin/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  };

  const signedInAdminPage = async () => {
    const page = await newPage();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.getByText('Welcome to the admin console').waitFor();
    return page;
  };

  /** The admin signs in by the form once; later pages open in that session, as another tab would. */
  let adminSession: Session | undefined;
  const adminPage = async () => {
    if (!adminSession) {
      const page = await signedInAdminPage();
      adminSession = await page.context().storageState();
      return page;
    }
    const page = await newPage(adminSession);
    await page.goto(`${site.baseUrl}/admin`);
    await page.getByText('Welcome to the admin console').waitFor();
    return page;
  };

  before(async () => {
    site = await startSite();
    browser = await launchBrowser();
    const registered = await api('/api/register', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Sister', firstname: 'Hannah', lastname: 'Elkanah', gender: 'female', marital_status: 'married',
        phone: '+44 20 7946 0002', email: MEMBER.email, password: MEMBER.password,
        country: 'United Kingdom', state: 'England', city: 'London', address: '1 Shiloh Road',
      }),
    });
    assert.equal(registered.status, 201);
  });

  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  test('sends a visitor who is not logged in from any screen, or an old admin path, to the login page', async () => {
    const page = await newPage();
    for (const path of ['/admin/contact-enquiries', '/admin/all-contacts']) {
      await page.goto(`${site.baseUrl}${path}`);
      await page.waitForURL(`${site.baseUrl}/admin/login`);
      await page.getByLabel('Email address').waitFor();
    }
    await page.context().close();
  });

  test("refuses a member's credentials with 'You are not authorised to access this page'", async () => {
    const page = await newPage();
    await logIn(page, MEMBER.email, MEMBER.password);
    await page.getByText('You are not authorised to access this page').waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY), null, 'no session is kept');
    assert.deepEqual(await wcagViolations(page), [], 'the login page passes axe');
    await page.context().close();
  });

  test('an admin creates a blog post with an image, and it shows on the public blog', async () => {
    const title = `Harvest thanksgiving ${Date.now()}`;
    const page = await adminPage();

    await page.goto(`${site.baseUrl}/admin/create-blog-post`);
    await page.waitForURL(/\/admin\/posts\/create/);
    await assert.doesNotReject(page.getByRole('combobox', { name: 'Category' }).filter({ hasText: 'Blog' }).waitFor(), 'the legacy path starts a blog post');
    await page.getByLabel('Title').fill(title);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('We give thanks for every gift of the season.');
    await page.locator('input[type="file"]').setInputFiles({ name: 'harvest.png', mimeType: 'image/png', buffer: png(1200, 800, [190, 120, 40]) });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/posts(\?|$)/);
    await page.getByText('Saved', { exact: true }).waitFor();

    const blog = (await api<Json[]>('/api/all-posts-by-category/3')).body;
    const stored = blog.find((post) => post.name === title);
    assert.ok(stored, 'the post is in the blog category');
    assert.match(String(stored.image), /^\/uploads\/[\w-]+\.webp$/, 'the uploaded image URL was stored');

    const visitor = await newPage();
    const requested: string[] = [];
    visitor.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await visitor.goto(`${site.baseUrl}/blog`);
    const card = visitor.locator('article', { hasText: title });
    await card.waitFor();
    const image = card.locator('img');
    assert.match((await image.getAttribute('src')) ?? '', /^\/uploads\//);
    assert.ok(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth > 0)), 'the image loads');
    assert.deepEqual(requested.filter((path) => path.startsWith('/admin')), [], 'a public page never loads the admin console');
    await visitor.context().close();
    await page.context().close();
  });

  test('an admin adds a slider image, is warned about its size, and sees it as the current image when editing', async () => {
    const title = `Easter Sunday ${Date.now()}`;
    const page = await adminPage();
    await page.goto(`${site.baseUrl}/admin/add-slider-image`);
    await page.waitForURL(/\/admin\/slider-images\/create$/);
    await page.getByText('The image must be 1500px by 400px.', { exact: true }).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.locator('input[type="file"]').setInputFiles({ name: 'easter.png', mimeType: 'image/png', buffer: png(1200, 400, [30, 90, 160]) });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/made for 1500x400 pixels; this one is 1200x400/).waitFor();
    await page.waitForURL(/\/admin\/slider-images(\?|$)/);

    const stored = (await api<Json[]>('/api/all-slider-images')).body.find((slide) => slide.title === title);
    assert.ok(stored, 'the slider image is public');
    await page.locator('tr', { hasText: title }).locator('img').click();
    await page.waitForURL(/\/admin\/slider-images\/\d+$/);
    const current = page.locator('form', { has: page.getByLabel('Title') }).locator('img');
    await current.waitFor();
    assert.equal(await current.getAttribute('src'), stored.image, 'the edit screen shows the current image');
    await page.context().close();
  });

  test('an admin authorises a testimony, and it then shows on the public testimonies page', async () => {
    const title = `Answered prayer ${Date.now()}`;
    const memberToken = await tokenOf(MEMBER.email, MEMBER.password);
    const { createPost } = await graphql<{ createPost: { id: string; status: string } }>(
      'mutation Share($name: String!, $body: String!) { createPost(name: $name, body: $body, categoryId: "2", consentToPublish: true) { id status } }',
      { name: title, body: '<p>The Lord heard me.</p>' },
      memberToken,
    );
    assert.equal(createPost.status, 'UnAuthorised');

    const visitor = await newPage();
    await visitor.goto(`${site.baseUrl}/testimonies`);
    assert.equal(await visitor.getByText(title).count(), 0, 'not shown before it is authorised');

    const page = await adminPage();
    await page.goto(`${site.baseUrl}/admin/all-testimonies`);
    await page.waitForURL(/\/admin\/testimonies/);
    await page.locator('tr', { hasText: title }).getByText(title).click();
    await page.waitForURL(new RegExp(`/admin/testimonies/${createPost.id}$`));
    const form = page.locator('form', { has: page.getByLabel('Title') });
    await form.getByRole('button', { name: 'Authorise' }).click();
    await page.waitForURL(/\/admin\/testimonies(\?|$)/);
    await page.locator('tr', { hasText: title }).getByText('Authorised', { exact: true }).waitFor();

    await visitor.goto(`${site.baseUrl}/testimonies`);
    await visitor.locator('article', { hasText: title }).waitFor();
    await visitor.context().close();
    await page.context().close();
  });

  test('an admin opens a contact enquiry and sets it In progress', async () => {
    const sent = await api('/api/contact-us', {
      method: 'POST',
      body: JSON.stringify({ name: 'Martha Bethany', email: 'martha@example.net', phone: '+44 20 7946 0003', reason: 'counselling', message: 'Could someone call me this week?' }),
    });
    assert.equal(sent.status, 201);
    const id = String(sent.body.id);

    // The demo seed's enquiries are there too: the dashboard counts every New one, this one included.
    const { _allContactEnquiriesMeta: waiting } = await graphql<{ _allContactEnquiriesMeta: { count: number } }>(
      '{ _allContactEnquiriesMeta(filter: { status: New }) { count } }',
      {},
      await tokenOf(ADMIN.email, ADMIN.password),
    );
    assert.ok(waiting.count >= 1);
    const page = await adminPage();
    await page.getByRole('link', { name: `Contact enquiries: ${waiting.count} new` }).waitFor();
    assert.deepEqual(await wcagViolations(page), [], 'the dashboard passes axe');
    await page.goto(`${site.baseUrl}/admin/all-contacts`);
    await page.waitForURL(/\/admin\/contact-enquiries/);
    await page.locator('tr', { hasText: 'Martha Bethany' }).getByText('martha@example.net').click();
    await page.waitForURL(new RegExp(`/admin/contact-enquiries/${id}/show$`));
    // The record's own card: for a moment after the click the list (with the demo's counselling enquiries) is still on the page.
    const details = page.locator('#main-content .RaShow-main');
    for (const text of [`000${id}`, 'Martha Bethany', '+44 20 7946 0003', 'Counselling', 'Could someone call me this week?']) {
      await details.getByText(text, { exact: true }).waitFor();
    }
    assert.deepEqual(await wcagViolations(page), [], 'the details screen passes axe');

    await page.getByRole('link', { name: 'Update status' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await page.getByLabel('Staff note').fill('Phoned on Tuesday; follow-up booked.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/contact-enquiries(\?|$)/);
    await page.locator('tr', { hasText: 'Martha Bethany' }).getByText('In progress').waitFor();

    const adminToken = await tokenOf(ADMIN.email, ADMIN.password);
    const { ContactEnquiry } = await graphql<{ ContactEnquiry: { status: string; note: string } }>(
      'query One($id: ID!) { ContactEnquiry(id: $id) { status note } }',
      { id },
      adminToken,
    );
    assert.deepEqual(ContactEnquiry, { status: 'InProgress', note: 'Phoned on Tuesday; follow-up booked.' });
    await page.context().close();
  });

  test('an admin marks a paid order as shipped and refunds a donation, each after confirming', async () => {
    const memberToken = await tokenOf(MEMBER.email, MEMBER.password);
    /** The buyer approves on the PayPal emulator's checkout page; the member then captures, as the web app does. */
    const payFor = async (checkout: { orderID: string; approveUrl: string }, capture: string) => {
      const key = new URL(checkout.approveUrl).searchParams.get('key')!;
      const approval = await fetch(`${site.baseUrl}/paypal-emulator/checkoutnow`, {
        method: 'POST',
        body: new URLSearchParams({ token: checkout.orderID, key, action: 'pay' }),
        redirect: 'manual',
      });
      assert.equal(approval.status, 303);
      const paid = await graphql<Record<string, { status: string }>>(`mutation Capture($id: String!) { result: ${capture}(orderID: $id) { status } }`, { id: checkout.orderID }, memberToken);
      assert.equal(paid.result.status, 'COMPLETED');
    };
    const { order } = await graphql<{ order: { id: string; orderID: string; approveUrl: string } }>('mutation { order: createBookOrder(items: [{ bookId: "1", quantity: 2 }]) { id orderID approveUrl } }', {}, memberToken);
    await payFor(order, 'captureBookOrder');
    const { donation } = await graphql<{ donation: { id: string; orderID: string; approveUrl: string } }>(
      'mutation { donation: createDonation(amount: 12.5, currency: "GBP", description: "Building fund") { id orderID approveUrl } }',
      {},
      memberToken,
    );
    await payFor(donation, 'captureDonation');

    const page = await adminPage();
    await page.goto(`${site.baseUrl}/admin/all-bookshop-orders`);
    await page.locator('tr', { hasText: order.orderID }).getByText(order.orderID).click();
    await page.waitForURL(new RegExp(`/admin/book-orders/${order.id}/show$`));
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    await page.getByRole('dialog').getByText('Mark this order as shipped?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('The order is marked as shipped').waitFor();
    await page.locator('#main-content').getByText('Shipped', { exact: true }).waitFor();

    await page.goto(`${site.baseUrl}/admin/all-donations`);
    await page.locator('tr', { hasText: donation.orderID }).getByText(donation.orderID).click();
    await page.waitForURL(new RegExp(`/admin/donations/${donation.id}/show$`));
    // The amount, and once PayPal's settlement is recorded (a webhook's job) the same again "In pounds".
    await page.locator('#main-content').getByText('£12.50', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('button', { name: 'No, go back' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('dialog').getByText('Refund this donation?').waitFor();
    // All that is left is offered: the whole gift.
    await page.getByRole('dialog').getByRole('button', { name: 'Refund £12.50' }).click();
    await page.getByText('The donation has been refunded').waitFor();

    const adminToken = await tokenOf(ADMIN.email, ADMIN.password);
    const stored = await graphql<{ BookOrder: { status: string }; Donation: { status: string } }>(
      'query Both($order: ID!, $donation: ID!) { BookOrder(id: $order) { status } Donation(id: $donation) { status } }',
      { order: order.id, donation: donation.id },
      adminToken,
    );
    assert.deepEqual(stored, { BookOrder: { status: 'Shipped' }, Donation: { status: 'Refunded' } });
    await page.context().close();
  });

  test('sends the admin back to the login page once the session has ended', async () => {
    const page = await adminPage();
    // A screen with a single query, fully loaded, so nothing is in flight when the session ends.
    await page.getByRole('menuitem', { name: 'Post categories' }).click();
    await page.locator('tr', { hasText: 'Testimonies' }).waitFor();
    const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '{}') as { token: string };
    await graphql('mutation { logout }', {}, session.token);
    // Logging out ends every session of the account, the shared one too: later pages sign in again.
    adminSession = undefined;

    await page.getByRole('menuitem', { name: 'Questions' }).click();
    await page.getByText('Your session has ended. Please log in again.').waitFor();
    await page.waitForURL(/\/admin\/login$/);
    await page.context().close();
  });

  test('/admin-login and every legacy admin path open their screens', async () => {
    const expected: Record<string, RegExp> = {
      'admin-dashboard': /^\/admin\/?$/,
      'create-blog-post': /^\/admin\/posts\/create$/,
      'create-program-post': /^\/admin\/posts\/create$/,
      'all-program-posts': /^\/admin\/posts$/,
      'add-post-category': /^\/admin\/post-categories\/create$/,
      'all-post-categories': /^\/admin\/post-categories$/,
      'add-post': /^\/admin\/posts\/create$/,
      'all-posts': /^\/admin\/posts$/,
      'edit-post': /^\/admin\/posts$/,
      'add-video-post': /^\/admin\/videos\/create$/,
      'all-videos': /^\/admin\/videos$/,
      'update-video': /^\/admin\/videos$/,
      'all-prayer-requests': /^\/admin\/prayer-requests$/,
      'all-contacts': /^\/admin\/contact-enquiries$/,
      'contact-details': /^\/admin\/contact-enquiries$/,
      'all-questions': /^\/admin\/questions$/,
      'question-details': /^\/admin\/questions$/,
      'all-counselling': /^\/admin\/counselling-requests$/,
      'counselling-details': /^\/admin\/counselling-requests$/,
      'all-baptism': /^\/admin\/baptism-requests$/,
      'baptism-details': /^\/admin\/baptism-requests$/,
      'add-slider-image': /^\/admin\/slider-images\/create$/,
      'slider-images': /^\/admin\/slider-images$/,
      'update-slider-image': /^\/admin\/slider-images$/,
      'add-book': /^\/admin\/books\/create$/,
      'visit-ancc-image': /^\/admin\/visit-images$/,
      'add-visit-ancc-image': /^\/admin\/visit-images\/create$/,
      'update-visit-ancc-image': /^\/admin\/visit-images$/,
      'zoom-image': /^\/admin\/meeting-images$/,
      'add-zoom-image': /^\/admin\/meeting-images\/create$/,
      'update-zoom-image': /^\/admin\/meeting-images$/,
      'all-donations': /^\/admin\/donations$/,
      'all-testimonies': /^\/admin\/testimonies$/,
      'edit-testimony': /^\/admin\/testimonies$/,
      'all-bookshop-orders': /^\/admin\/book-orders$/,
    };
    const visitor = await newPage();
    await visitor.goto(`${site.baseUrl}/admin-login`);
    await visitor.waitForURL((url) => url.pathname === '/admin/login');
    await visitor.getByRole('button', { name: 'Log in' }).waitFor();
    await visitor.context().close();

    const page = await adminPage();
    for (const [path, screen] of Object.entries(expected)) {
      await page.goto(`${site.baseUrl}/admin/${path}`);
      await page.waitForURL((url) => screen.test(url.pathname));
      await page.locator('#main-content').waitFor();
    }
    await page.goto(`${site.baseUrl}/admin/contact-details?id=1`);
    await page.waitForURL((url) => url.pathname === '/admin/contact-enquiries/1/show');
    await page.context().close();
  });
});
