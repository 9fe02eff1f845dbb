import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, logIn, openSignedIn, refuseOtherOrigins, type Member } from './web-helpers.ts';

const HOUR = 60 * 60 * 1000;
const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com)$/;
const SET = `mutation ($title: String, $startsAt: DateTime, $endsAt: DateTime, $video: String, $serviceSheetUrl: String) {
  updateLiveStream(title: $title, startsAt: $startsAt, endsAt: $endsAt, video: $video, serviceSheetUrl: $serviceSheetUrl) { status } }`;

let site: Site;
let browser: Browser;
let adminToken: string;
let member: Member;
const contexts: BrowserContext[] = [];

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  adminToken = (await logIn(site.baseUrl, ADMIN.email, ADMIN.password)).token;
  member = await createMember(site.baseUrl, 'Lydia');
});

after(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

/** Sets the stream to run `fromNow` (negative: already started) for `length`, and answers its status. */
async function stream(fromNow: number, length = 2 * HOUR): Promise<string> {
  const startsAt = new Date(Date.now() + fromNow);
  const { updateLiveStream } = await graphql<{ updateLiveStream: { status: string } }>(
    site.baseUrl,
    SET,
    { title: 'Sunday service', video: 'aqz-KE-bpKQ', serviceSheetUrl: '/accessibility', startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + length).toISOString() },
    adminToken,
  );
  return updateLiveStream.status;
}

/** A page whose every request is logged, and every request to another origin refused (the test runs offline). */
async function newPage(): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return { page, requests };
}

const toYouTube = (requests: string[]) => requests.filter((url) => YOUTUBE.test(new URL(url).hostname));

test('before the service: the time in words, then a countdown, and no player', async () => {
  assert.equal(await stream(26 * HOUR), 'Upcoming');
  const { page, requests } = await newPage();
  const response = await page.goto(`${site.baseUrl}/live`);
  assert.match((await response!.text()) ?? '', /<time[^>]*>(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d\d:\d\d<\/time>/, 'the server writes when in words');
  await page.locator('.countdown-clock').waitFor();
  assert.match(await page.locator('.countdown-clock').innerText(), /^1d \d\d:\d\d:\d\d$/);
  assert.match(await page.locator('.countdown [aria-live="polite"]').innerText(), /^Starts in about 1 day/);
  assert.equal(await page.locator('.video-facade, iframe, video').count(), 0);
  assert.equal(await page.getByRole('link', { name: 'Open the service sheet' }).getAttribute('href'), '/accessibility');
  assert.deepEqual(toYouTube(requests), []);
});

test('during the service: a facade that asks nothing of YouTube until it is pressed', async () => {
  assert.equal(await stream(-10 * 60 * 1000), 'Live');
  const { page, requests } = await newPage();
  await page.goto(`${site.baseUrl}/live`, { waitUntil: 'networkidle' });
  const facade = page.getByRole('button', { name: /Play video: Sunday service/ });
  await facade.waitFor();
  assert.equal(await page.locator('iframe').count(), 0);
  assert.deepEqual(toYouTube(requests), [], 'no request to YouTube before the click');

  const player = page.waitForRequest((request) => new URL(request.url()).hostname === 'www.youtube-nocookie.com');
  await facade.click();
  await player;
  const src = await page.locator('iframe').getAttribute('src');
  assert.match(src ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?/);
});

test('during the service a visitor is shown how to sign in, and a member sends a prayer request to the pastors', async () => {
  assert.equal(await stream(-10 * 60 * 1000), 'Live');
  const visitor = await newPage();
  await visitor.page.goto(`${site.baseUrl}/live`, { waitUntil: 'networkidle' });
  assert.equal(await visitor.page.locator('.live-prayer').getByRole('link', { name: 'Log in' }).getAttribute('href'), '/userLogin?next=%2Flive');

  const { page } = await newPage();
  await openSignedIn(page, site.baseUrl, member, '/live');
  const title = `Healing for my father ${Date.now()}`;
  const panel = page.locator('.live-prayer');
  await panel.getByLabel('Title').fill(title);
  await panel.getByLabel('Your prayer request').fill('He is in hospital this week.');
  await panel.getByRole('button', { name: 'Send prayer request' }).click();
  await page.getByText('Thank you. Your prayer request has been sent to our pastors.').waitFor();
  const { allPrayerRequests } = await graphql<{ allPrayerRequests: { title: string; privacy: string }[] }>(
    site.baseUrl,
    '{ allPrayerRequests(perPage: 5, sortField: "createdAt", sortOrder: "DESC") { title privacy } }',
    {},
    member.token,
  );
  assert.deepEqual(allPrayerRequests[0], { title, privacy: 'PastorsOnly' });
});

test('after the service: it has ended, with the sermons and the next service', async () => {
  assert.equal(await stream(-3 * HOUR), 'Ended');
  const { page } = await newPage();
  await page.goto(`${site.baseUrl}/live`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'The service has ended' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Watch recent sermons' }).getAttribute('href'), '/sermons');
  assert.equal(await page.locator('.video-facade, iframe, video').count(), 0);
  await page.getByRole('heading', { name: /^Next service: / }).waitFor();
});
