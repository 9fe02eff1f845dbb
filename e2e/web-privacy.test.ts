import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, logIn, openSignedIn, refuseOtherOrigins, wcagViolations } from './web-helpers.ts';

let site: Site;
let browser: Browser;
let admin: string;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const login = await fetch(`${site.baseUrl}/api/admin-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  admin = ((await login.json()) as { token: string }).token;
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await refuseOtherOrigins(context, site.baseUrl);
  return { context, page: await context.newPage() };
}

/** The author's name /testimonies shows beside the testimony with this title, or null when it is not there. */
async function publicAuthorOf(page: Page, title: string): Promise<string | null> {
  await page.goto(`${site.baseUrl}/testimonies`);
  const card = page.locator('article', { hasText: title });
  return (await card.count()) ? (await card.locator('.testimony-author').innerText()).trim() : null;
}

test('a testimony shared under "first name only" shows only the first name, and is gone once the member withdraws consent', async () => {
  const member = await createMember(site.baseUrl, 'Lydia');
  const title = `Purple cloth and an open heart ${Date.now()}`;
  const { context, page } = await newPage();
  try {
    await openSignedIn(page, site.baseUrl, member, '/user/share-testimony');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Your testimony').fill('The Lord opened my heart by the river.');
    assert.equal(await page.getByRole('radio', { name: 'My first name only' }).isChecked(), true, 'first name only is the default');
    const consent = page.getByRole('checkbox');
    assert.equal(await consent.isChecked(), false, 'the consent box starts unticked');
    await page.getByRole('button', { name: 'Share testimony' }).click();
    await page.locator('#field-consentToPublish-error').getByText('Please agree to your testimony being published').waitFor();
    await consent.check();
    await page.getByRole('button', { name: 'Share testimony' }).click();
    await page.waitForURL(`${site.baseUrl}/user/my-testimonies`);

    const { allPosts } = await graphql<{ allPosts: { id: string }[] }>(site.baseUrl, '{ allPosts(filter: { categoryId: 2, q: "Purple cloth" }) { id } }', {}, member.token);
    /** The testimony as a visitor's GraphQL read answers it. */
    const visitorsView = async () =>
      (await graphql<{ allPosts: unknown[] }>(site.baseUrl, '{ allPosts(filter: { categoryId: 2, q: "Purple cloth" }) { author { firstname lastname } } }')).allPosts;
    await graphql(site.baseUrl, 'mutation ($id: ID!) { updatePost(id: $id, status: Authorised) { id } }', { id: allPosts[0].id }, admin);

    assert.equal(await publicAuthorOf(page, title), 'Lydia', 'only the first name is shown');
    assert.deepEqual(await visitorsView(), [{ author: { firstname: 'Lydia', lastname: '' } }], 'the API names the author the same way');

    await page.goto(`${site.baseUrl}/user/privacy`, { waitUntil: 'networkidle' });
    const record = page.locator('.record', { hasText: title });
    await record.getByRole('button', { name: 'Withdraw' }).click();
    await record.getByText(/taken down from the website at once/).waitFor();
    await record.getByRole('button', { name: 'Yes, withdraw my consent' }).click();
    await record.getByText('Withdrawn', { exact: true }).waitFor();

    assert.equal(await publicAuthorOf(page, title), null, 'the testimony is no longer on /testimonies');
    assert.deepEqual(await visitorsView(), [], 'nor from the API');
  } finally {
    await context.close();
  }
});

test('a member downloads their data, deletes their account, and can no longer sign in', async () => {
  const member = await createMember(site.baseUrl, 'Tabitha');
  const { context, page } = await newPage();
  try {
    await openSignedIn(page, site.baseUrl, member, '/user/privacy');
    assert.deepEqual(await wcagViolations(page), [], 'the privacy centre passes axe');

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data (JSON file)' }).click()]);
    assert.equal(json.suggestedFilename(), 'my-data.json');
    const data = JSON.parse(readFileSync(await json.path(), 'utf8')) as { profile: { email: string } };
    assert.equal(data.profile.email, member.email);

    const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download a readable copy (web page)' }).click()]);
    assert.equal(html.suggestedFilename(), 'my-data.html');
    assert.match(readFileSync(await html.path(), 'utf8'), /<html/i);

    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.locator('#field-password-error').waitFor();

    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL(`${site.baseUrl}/account-deleted`);
    await page.getByRole('heading', { level: 1, name: 'Goodbye, and God bless you' }).waitFor();
    assert.equal(await page.evaluate(() => window.localStorage.getItem('session')), null, 'this browser is signed out');

    await assert.rejects(logIn(site.baseUrl, member.email, member.password), 'the old password no longer signs in');
  } finally {
    await context.close();
  }
});

test('/privacy and /accessibility answer 200, pass axe, and are in the sitemap', async () => {
  const { context, page } = await newPage();
  try {
    for (const [path, heading] of [
      ['/privacy', 'Privacy notice'],
      ['/accessibility', 'Accessibility statement'],
    ]) {
      const response = await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
      assert.equal(response?.status(), 200, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.deepEqual(await wcagViolations(page), [], path);
    }
    await page.goto(`${site.baseUrl}/privacy`);
    assert.ok(await page.getByRole('cell', { name: 'Sign-in history' }).count(), 'the retention table comes from the schedule');
    await page.getByRole('link', { name: '0303 123 1113' }).waitFor();

    await page.goto(`${site.baseUrl}/contact-us`);
    await page.getByRole('link', { name: 'How we look after your information' }).click();
    await page.waitForURL(`${site.baseUrl}/privacy`);

    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    assert.ok(sitemap.includes(`${site.baseUrl}/privacy</loc>`) && sitemap.includes(`${site.baseUrl}/accessibility</loc>`), 'both are in the sitemap');
  } finally {
    await context.close();
  }
});
