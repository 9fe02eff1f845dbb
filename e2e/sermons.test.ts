import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, launchBrowser, ROOT, startSite, type Site } from './support/harness.ts';
import { graphql, logIn, refuseOtherOrigins } from './web-helpers.ts';

const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com)$/;
const SHEPHERD = 'The Good Shepherd – Sunday Message';

let site: Site;
let browser: Browser;
let sermonId: string;
let audioUrl: string;
const contexts: BrowserContext[] = [];

/** The demo's John 10 sermon, given the three-second tone as its audio: uploaded and attached as the console does. */
async function giveShepherdAudio(adminToken: string) {
  const { allVideos } = await graphql<{ allVideos: { id: string; title: string }[] }>(site.baseUrl, '{ allVideos(perPage: 50) { id title } }');
  sermonId = allVideos.find((video) => video.title === SHEPHERD)!.id;
  const form = new FormData();
  form.append('audio', new Blob([readFileSync(join(ROOT, 'server/test/fixtures/tone.mp3'))], { type: 'audio/mpeg' }), 'tone.mp3');
  const upload = await fetch(`${site.baseUrl}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  assert.equal(upload.status, 201, await upload.clone().text());
  audioUrl = ((await upload.json()) as { url: string }).url;
  await graphql(site.baseUrl, 'mutation ($id: ID!, $audio: String) { updateVideo(id: $id, audio: $audio) { id } }', { id: sermonId, audio: audioUrl }, adminToken);
}

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  await giveShepherdAudio((await logIn(site.baseUrl, ADMIN.email, ADMIN.password)).token);
});

after(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await site?.stop();
});

/** A page whose every request is logged, and every request to another origin refused (the test runs offline). */
async function newPage(options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, ...options });
  contexts.push(context);
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return { page, requests };
}

const cardTitles = (page: Page) => page.locator('.sermon-card .card-title').allInnerTexts();

test('filtering by the book of John finds the John sermons, with the filter kept in the address, before any script runs', async () => {
  const { page } = await newPage({ javaScriptEnabled: false });
  await page.goto(`${site.baseUrl}/sermons`);
  assert.ok((await cardTitles(page)).includes('Walking by Faith, Not by Sight'), 'every sermon is listed at first');
  await page.getByLabel('Book of the Bible').selectOption({ label: 'John (2)' });
  await page.getByRole('button', { name: 'Find sermons' }).click();
  await page.waitForURL(/book=John/);
  assert.deepEqual((await cardTitles(page)).sort(), ['Night Vigil Highlights', SHEPHERD]);
  assert.equal(await page.getByLabel('Book of the Bible').inputValue(), 'John');

  await page.goto(`${site.baseUrl}/sermons?q=${encodeURIComponent('no such sermon at all')}`);
  assert.equal(await page.getByRole('status').innerText(), 'No sermons match. Try fewer filters, or another search.');
});

test("a sermon's page asks nothing of YouTube until its video is played", async () => {
  const { page, requests } = await newPage();
  await page.goto(`${site.baseUrl}/sermons/${sermonId}`, { waitUntil: 'networkidle' });
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), SHEPHERD);
  const toYouTube = () => requests.filter((url) => YOUTUBE.test(new URL(url).hostname));
  assert.deepEqual(toYouTube(), [], 'no request to YouTube before the click');

  const player = page.waitForRequest((request) => new URL(request.url()).hostname === 'www.youtube-nocookie.com');
  await page.getByRole('button', { name: /Play video/ }).click();
  await player;
  assert.equal(await page.locator('iframe').count(), 1);
});

test('the sermon audio plays from byte ranges', async () => {
  const { page } = await newPage();
  await page.goto(`${site.baseUrl}/sermons/${sermonId}`, { waitUntil: 'networkidle' });
  const audio = page.getByRole('region', { name: 'Listen' }).locator('audio');
  assert.equal(await audio.getAttribute('preload'), 'none');
  const ranged = page.waitForResponse((response) => response.url().endsWith(audioUrl) && response.status() === 206);
  await audio.evaluate((element: HTMLAudioElement) => {
    element.muted = true;
    return element.play();
  });
  const response = await ranged;
  assert.match((await response.request().allHeaders()).range ?? '', /^bytes=\d+-/);
  await page.waitForFunction((element) => (element as HTMLAudioElement).readyState >= 1, await audio.elementHandle());
});

test('the old video addresses move for good to the sermons, and the video feed stays where it was', async () => {
  const list = await fetch(`${site.baseUrl}/videos`, { redirect: 'manual' });
  const one = await fetch(`${site.baseUrl}/videos/${sermonId}`, { redirect: 'manual' });
  assert.deepEqual([list.status, list.headers.get('location')], [301, '/sermons']);
  assert.deepEqual([one.status, one.headers.get('location')], [301, `/sermons/${sermonId}`]);
  const feed = await fetch(`${site.baseUrl}/videos/rss.xml`);
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /rss\+xml/);
});

test("a sermon, series or speaker that does not exist is the site's 404 page", async () => {
  for (const path of ['/sermons/999999', '/sermons/series/no-such-series', '/sermons/speakers/no-such-speaker']) {
    const response = await fetch(`${site.baseUrl}${path}`);
    assert.equal(response.status, 404, path);
    assert.match(await response.text(), /Page not found/, path);
  }
});
