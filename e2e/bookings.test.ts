import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, logIn, openSignedIn, refuseOtherOrigins, type Member } from './web-helpers.ts';

let site: Site;
let browser: Browser;
let admin: string;
let member: Member;

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 390, height: 844 };

/** A program ten days from now that takes bookings as `booking` says, created by the demo Admin. */
async function bookableProgram(name: string, booking: Record<string, unknown>): Promise<string> {
  const start = new Date(Date.now() + 10 * DAY);
  start.setUTCHours(18, 30, 0, 0);
  const { createPost } = await graphql<{ createPost: { id: string } }>(
    site.baseUrl,
    `mutation ($name: String!, $startsAt: DateTime!, $endsAt: DateTime!, $booking: BookingSettingsInput) {
      createPost(name: $name, body: "<p>All welcome</p>", categoryId: 1, startsAt: $startsAt, endsAt: $endsAt, location: "Main hall", booking: $booking) { id }
    }`,
    { name, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(), booking },
    admin,
  );
  return createPost.id;
}

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  admin = (await logIn(site.baseUrl, ADMIN.email, ADMIN.password)).token;
  member = await createMember(site.baseUrl, 'Priscilla');
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

test('a member pays for a place through PayPal, gets a ticket with its QR code, and staff check it in at the door once', async () => {
  const postId = await bookableProgram('Marriage enrichment evening', {
    capacity: 20,
    perBookingLimit: 4,
    price: 12,
    currency: 'GBP',
    questions: [{ id: 'dietary', label: 'Dietary needs', kind: 'ShortText', required: false }],
  });
  const context = await browser.newContext({ viewport: PHONE });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await openSignedIn(page, site.baseUrl, member, `/post-details/${postId}`);
  const panel = page.locator('section.booking-panel');
  await panel.getByText('£12.00 a place').waitFor();
  await panel.getByText('20 places left').waitFor();
  assert.equal(await panel.getByRole('textbox', { name: 'Your email' }).count(), 0, 'a member is not asked for a name and address');

  await page.getByRole('textbox', { name: 'Name for place 1' }).fill('Priscilla Tester');
  await page.getByRole('textbox', { name: 'Dietary needs' }).fill('No nuts');
  await page.getByRole('button', { name: 'Book and pay' }).click();
  await panel.getByText(/^We are holding your places until \d\d:\d\d\.$/).waitFor();
  await panel.getByRole('link', { name: 'Pay with PayPal' }).click();
  await page.waitForURL((url) => url.pathname === '/paypal-emulator/checkoutnow');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(`${site.baseUrl}/user/bookings`);

  const status = await page.getByRole('status').filter({ hasText: /^Booked: reference BK-/ }).innerText();
  const reference = /BK-[A-Z0-9]{8}/.exec(status)![0];
  const ticket = page.getByRole('img', { name: `Ticket QR code for ${reference}` });
  await ticket.waitFor();
  assert.match((await ticket.getAttribute('src'))!, /^data:image\/svg\+xml/);
  assert.ok(await ticket.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), 'the QR code is an image the browser can draw');
  await page.locator('.booking-reference', { hasText: reference }).waitFor();

  // The door: the demo Admin on a phone, at the console's check-in page.
  const door = await (await browser.newContext({ viewport: PHONE })).newPage();
  await door.goto(`${site.baseUrl}/admin/login`);
  await door.getByLabel('Email address').fill(ADMIN.email);
  await door.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await door.getByRole('button', { name: 'Log in' }).click();
  await door.getByText('Welcome to the admin console').waitFor();
  await door.goto(`${site.baseUrl}/admin/check-in`);
  const field = door.getByRole('textbox', { name: 'Ticket reference' });
  await field.fill(reference);
  await door.getByRole('button', { name: 'Check in', exact: true }).click();
  await door.getByRole('status').filter({ hasText: /^Checked in: Priscilla Tester/ }).waitFor();

  await field.fill(reference.toLowerCase());
  await door.getByRole('button', { name: 'Check in', exact: true }).click();
  await door.getByRole('status').filter({ hasText: /already checked in/i }).waitFor();

  const { myBookings } = await graphql<{ myBookings: { reference: string; status: string; names: string[] }[] }>(site.baseUrl, '{ myBookings { reference status names } }', {}, member.token);
  assert.deepEqual(myBookings, [{ reference, status: 'CheckedIn', names: ['Priscilla Tester'] }]);
});

test('a visitor books a free place without JavaScript and is asked to confirm it by e-mail', async () => {
  const postId = await bookableProgram('Community carol singing', { capacity: 30, perBookingLimit: 2 });
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/post-details/${postId}`);
  await page.getByText('Free', { exact: true }).waitFor();
  await page.getByRole('textbox', { name: 'Name for place 1' }).fill('Lydia Visitor');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Lydia Visitor');
  await page.getByRole('textbox', { name: 'Your email' }).fill(`lydia.${process.pid}@example.org`);
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await page.getByRole('heading', { name: 'Check your e-mail to confirm your place' }).waitFor();

  const { allBookings } = await graphql<{ allBookings: { status: string; email: string; names: string[] }[] }>(
    site.baseUrl,
    'query ($postId: ID!) { allBookings(filter: { postId: $postId }) { status email names } }',
    { postId },
    admin,
  );
  assert.deepEqual(allBookings, [{ status: 'Held', email: `lydia.${process.pid}@example.org`, names: ['Lydia Visitor'] }]);
});

/** The Nu HTML checker's jar from the vnu-jar package, run with the machine's Java, as web-reach.test.ts does. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

test('the Nu HTML checker finds no errors on the booking pages', async () => {
  const free = await bookableProgram('Harvest supper', {
    capacity: 10,
    perBookingLimit: 3,
    questions: [
      { id: 'access', label: 'Access needs', kind: 'ShortText', required: false },
      { label: 'Bringing a dish?', kind: 'YesNo', required: true },
      { label: 'Table', kind: 'Choice', choices: ['Inside', 'Garden'], required: false },
    ],
  });
  const paid = await bookableProgram('Leadership retreat', { capacity: 10, price: 25 });
  const paths = [`/post-details/${free}`, `/post-details/${paid}`, '/booking/confirm?token=unused', '/booking/offer?token=unused'];
  const dir = mkdtempSync(join(tmpdir(), 'vnu-bookings-'));
  try {
    const files = await Promise.all(
      paths.map(async (path, index) => {
        const response = await fetch(`${site.baseUrl}${path}`);
        assert.equal(response.status, 200, `${path} answers 200`);
        const file = join(dir, `${index}.html`);
        writeFileSync(file, await response.text());
        return file;
      }),
    );
    const { stderr } = await promisify(execFile)(process.env.JAVA ?? 'java', ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', ...files], { maxBuffer: 16 * 1024 * 1024 });
    const { messages } = JSON.parse(stderr) as { messages: { type: string; url: string; message: string; extract?: string }[] };
    const errors = messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
    assert.deepEqual(
      errors.map((error) => `${paths[Number(error.url.split('/').pop()!.split('.')[0])]}: ${error.message} (${error.extract ?? ''})`),
      [],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
