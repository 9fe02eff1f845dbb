import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, logIn, openSignedIn, refuseOtherOrigins, wcagViolations, type Member } from './web-helpers.ts';

let site: Site;
let browser: Browser;
let member: Member;
let pastorToken: string;
let requestId: string;
const contexts: BrowserContext[] = [];

const TITLE = `Strength for my mother ${Date.now()}`;
const BODY = 'Her operation is on Thursday. Please pray for the surgeons too.';

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  member = await createMember(site.baseUrl, 'Junia');
  // A Pastor is a member the Admin gave that role; moderation asks for the permission, which the role carries.
  const pastor = await createMember(site.baseUrl, 'Timothy');
  const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
  await graphql(site.baseUrl, 'mutation ($id: ID!) { updateUser(id: $id, role: Pastor) { id } }', { id: pastor.user.id }, admin.token);
  pastorToken = (await logIn(site.baseUrl, pastor.email, pastor.password)).token;
});

after(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await refuseOtherOrigins(context, site.baseUrl);
  return context.newPage();
}

const entryOn = (page: Page): Locator => page.getByRole('article', { name: TITLE });

test('a member asks for the wall with their first name; it stays off the wall until a pastor approves it', async () => {
  const page = await newPage();
  await openSignedIn(page, site.baseUrl, member, '/user/prayer-request');
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Your prayer request').fill(BODY);
  assert.equal(await page.getByRole('radio', { name: 'Pastors only' }).isChecked(), true, 'pastors only unless chosen otherwise');
  await page.getByRole('radio', { name: 'The public prayer wall (after a pastor approves it)' }).check();
  await page.getByRole('radio', { name: 'My first name' }).check();
  await page.getByRole('button', { name: 'Send prayer request' }).click();
  await page.getByText('It will appear on the prayer wall once a pastor approves it.', { exact: false }).waitFor();

  const { allPrayerRequests } = await graphql<{ allPrayerRequests: { id: string; title: string; privacy: string; wallName: string; wallStatus: string }[] }>(
    site.baseUrl,
    '{ allPrayerRequests { id title privacy wallName wallStatus } }',
    {},
    member.token,
  );
  const sent = allPrayerRequests.find((request) => request.title === TITLE);
  assert.deepEqual(sent && { privacy: sent.privacy, wallName: sent.wallName, wallStatus: sent.wallStatus }, { privacy: 'PrayerWall', wallName: 'FirstName', wallStatus: 'Pending' });

  const before = await fetch(`${site.baseUrl}/prayer-wall`);
  assert.equal(before.status, 200);
  assert.doesNotMatch(await before.text(), new RegExp(TITLE), 'not public before approval');

  requestId = sent!.id;
  await graphql(site.baseUrl, 'mutation ($id: ID!) { approvePrayerForWall(id: $id) { id } }', { id: requestId }, pastorToken);
});

test('a visitor reads it with the first name only and prays; the plain form post counts too, once a day for that address', async () => {
  const page = await newPage();
  await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Prayers' }).click();
  await page.locator('#prayers-menu').getByRole('link', { name: 'Prayer wall' }).click();
  await page.waitForURL(`${site.baseUrl}/prayer-wall`);
  await page.waitForLoadState('networkidle');
  const entry = entryOn(page);
  await entry.waitFor();
  assert.match(await entry.innerText(), new RegExp(`${BODY}[\\s\\S]*Junia ·`));
  const html = await page.content();
  assert.doesNotMatch(html, /Tester/, 'never the surname');
  assert.ok(!html.includes(member.email), 'never the e-mail');
  assert.match(await entry.innerText(), /0 people prayed/);
  assert.deepEqual(await wcagViolations(page), [], 'the wall with a request on it');

  await entry.getByRole('button', { name: 'I prayed' }).click();
  await entry.getByText('Thank you for praying').waitFor();
  assert.match(await entry.innerText(), /1 person prayed/);

  // The form as a browser without JavaScript posts it, to the page's own action on the server.
  const plain = await fetch(`${site.baseUrl}/prayer-wall`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.baseUrl },
    body: new URLSearchParams({ id: requestId }),
  });
  assert.equal(plain.status, 200);
  const answered = new RegExp(`aria-labelledby="prayer-${requestId}">(?:(?!</article>).)*</article>`).exec(await plain.text())?.[0] ?? '';
  assert.match(answered, /1 person prayed/, 'the same address the same day counts once');
  assert.match(answered, /Thank you for praying/);
});

test("a signed-in member's prayer counts as theirs, and the member sees the count on their prayer requests", async () => {
  const page = await newPage();
  await openSignedIn(page, site.baseUrl, member, '/prayer-wall');
  await entryOn(page).getByRole('button', { name: 'I prayed' }).click();
  await entryOn(page).getByText('Thank you for praying').waitFor();
  // The visitors before prayed from this same address: only the member's token makes this a second person.
  assert.match(await entryOn(page).innerText(), /2 people prayed/);

  await page.goto(`${site.baseUrl}/user/my-prayer-requests`, { waitUntil: 'networkidle' });
  const record = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await record.waitFor();
  const text = await record.innerText();
  assert.match(text, /Name on the wall\s+My first name/);
  assert.match(text, /Prayer wall\s+On the prayer wall/);
  assert.match(text, /Prayers\s+2 people prayed/);
  assert.match(text, /Sharing\s+Shared until \d{1,2} \w+ \d{4}/);
  assert.deepEqual(await wcagViolations(page), [], 'my prayer requests');
});
