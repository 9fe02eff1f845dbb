import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import ical from 'node-ical';
import Parser from 'rss-parser';
import type { Browser } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { graphql } from './web-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
let site: Site;
let admin: string;
let browser: Browser | undefined;

before(async () => {
  site = await startSite();
  const login = await fetch(`${site.baseUrl}/api/admin-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  admin = ((await login.json()) as { token: string }).token;
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const page = async (path: string) => {
  const response = await fetch(`${site.baseUrl}${path}`);
  assert.equal(response.status, 200, `${path} answers 200`);
  return response.text();
};

/** The JSON-LD blocks of a page, flattened. */
const jsonLd = (html: string): Record<string, any>[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].flatMap((match) => {
    const data = JSON.parse(match[1]);
    return Array.isArray(data) ? data : [data];
  });

const WEEKDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

test('a program next week that repeats weekly leads the home page, is in the calendar feed, and its page offers it to calendars', async () => {
  const start = new Date(Date.now() + 7 * DAY);
  start.setUTCHours(18, 30, 0, 0);
  const rule = `FREQ=WEEKLY;BYDAY=${WEEKDAY[start.getUTCDay()]}`;
  const { createPost: weekly } = await graphql<{ createPost: { id: string } }>(
    site.baseUrl,
    `mutation ($startsAt: DateTime!, $endsAt: DateTime!, $rule: String!) {
      createPost(name: "Midweek prayer and praise", body: "<p>Come and pray</p>", categoryId: 1, startsAt: $startsAt, endsAt: $endsAt, location: "Main hall", recurrence: $rule) { id }
    }`,
    { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(), rule },
    admin,
  );
  await graphql(
    site.baseUrl,
    'mutation ($startsAt: DateTime!) { createPost(name: "Yesterday’s harvest supper", body: "<p>Thank you</p>", categoryId: 1, startsAt: $startsAt) { id } }',
    { startsAt: new Date(Date.now() - DAY).toISOString() },
    admin,
  );

  const home = await page('/');
  const upcoming = home.slice(home.indexOf('id="programs-heading"'), home.indexOf('id="testimonies-heading"'));
  const first = upcoming.match(/class="card-title"><a[^>]*>([^<]+)</);
  assert.equal(first?.[1], 'Midweek prayer and praise', 'the dated program comes first in Upcoming programs');
  assert.ok(!upcoming.includes('harvest supper'), 'a program dated yesterday is not on the home page');
  const programs = await page('/programs');
  assert.ok(/<link[^>]*rel="alternate" type="text\/calendar"[^>]*href="\/events.ics"/.test(programs), 'the calendar is advertised on /programs');
  assert.ok(programs.slice(programs.indexOf('id="past-heading"')).includes('harvest supper'), 'yesterday’s program is under Past programs');

  const feed = await fetch(`${site.baseUrl}/events.ics`);
  assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const events = Object.values(ical.sync.parseICS(await feed.text())).filter((item): item is ical.VEvent => item?.type === 'VEVENT');
  const event = events.find((item) => item.summary === 'Midweek prayer and praise');
  assert.ok(event, 'the program is a VEVENT of /events.ics');
  assert.equal(event.start.toISOString(), start.toISOString());
  assert.match(event.rrule!.toString(), new RegExp(rule.replace(';', '.*')));
  assert.ok(events.some((item) => item.summary === 'Sunday service' && /BYDAY=SU/.test(item.rrule?.toString() ?? '')), 'the weekly Sunday service is in the feed');

  const detail = await page(`/post-details/${weekly.id}`);
  const [eventLd] = jsonLd(detail).filter((item) => item['@type'] === 'Event');
  assert.equal(eventLd.name, 'Midweek prayer and praise');
  assert.equal(new Date(eventLd.startDate).toISOString(), start.toISOString());
  assert.ok(jsonLd(detail).some((item) => item['@type'] === 'BreadcrumbList'));
  assert.match(detail, new RegExp(`href="/events/${weekly.id}.ics"[^>]*>Add to calendar<`));
  const one = await fetch(`${site.baseUrl}/events/${weekly.id}.ics`);
  assert.equal(one.status, 200);
});

test('the sitemap lists absolute URLs that all answer 200, and robots.txt names it', async () => {
  const robots = await page('/robots.txt');
  assert.match(robots, /Disallow: \/admin/);
  assert.match(robots, new RegExp(`Sitemap: ${site.baseUrl}/sitemap.xml`));
  const xml = new XMLParser().parse(await page('/sitemap.xml'));
  const urls = (xml.urlset.url as { loc: string; lastmod: string }[]).map((entry) => entry.loc);
  assert.ok(urls.length > 20, 'pages and posts are listed');
  for (const url of urls) {
    assert.ok(url.startsWith(`${site.baseUrl}/`), `${url} is absolute on PUBLIC_URL`);
    const response = await fetch(url);
    assert.equal(response.status, 200, `${url} answers 200`);
  }
});

test('feeds, icons and structured data are advertised and parse', async () => {
  const home = await page('/');
  assert.ok(/<link[^>]*rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/.test(home), 'the blog feed is advertised');
  assert.ok(/<link[^>]*rel="alternate" type="application\/rss\+xml"[^>]*href="\/videos\/rss.xml"/.test(home), 'the video feed is advertised');
  assert.ok(/<link[^>]*rel="manifest" href="\/manifest.webmanifest"/.test(home), 'the manifest is linked');
  const parser = new Parser();
  const blog = await parser.parseString(await page('/blog/rss.xml'));
  assert.ok(blog.items.length >= 3, 'the blog feed has the demo posts');
  const videos = await parser.parseString(await page('/videos/rss.xml'));
  assert.ok(videos.items.length >= 1);
  for (const path of ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/manifest.webmanifest', '/.well-known/security.txt']) {
    assert.equal((await fetch(`${site.baseUrl}${path}`)).status, 200, `${path} answers 200`);
  }
  const types = jsonLd(home).map((item) => item['@type']);
  assert.ok(types.includes('Church') && types.includes('VideoObject'), `home has Church and VideoObject (${types.join(', ')})`);
  const { blog: posts } = await graphql<{ blog: { id: string }[] }>(site.baseUrl, '{ blog: allPosts(filter: { categoryId: 3 }, perPage: 1) { id } }');
  assert.ok(jsonLd(await page(`/post-details/${posts[0].id}`)).some((item) => item['@type'] === 'BlogPosting'));
});

test('a new phone number in site settings shows at once in the footer, on /contact-us and in the Church data', async () => {
  await graphql(site.baseUrl, 'mutation { updateSiteSettings(phone: "020 7946 0777") { phone } }', {}, admin);
  for (const path of ['/', '/contact-us', '/visit-info']) {
    const html = await page(path);
    const footer = html.slice(html.indexOf('<footer'));
    assert.match(footer, /href="tel:\+442079460777">020 7946 0777</, `the footer of ${path} has the new number`);
    const church = jsonLd(html).find((item) => item['@type'] === 'Church');
    assert.equal(church?.telephone, '+442079460777', `the Church data of ${path} has the new number`);
  }
  const contact = await page('/contact-us');
  assert.match(contact.slice(0, contact.indexOf('<footer')), /Phone: <a href="tel:\+442079460777">020 7946 0777</);
});

test('an admin changes the Sunday service time in the console and visitors see it on /service-times', async () => {
  browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(`${site.baseUrl}/admin/login`);
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Welcome to the admin console').waitFor();

  await page.getByRole('menuitem', { name: 'Site settings' }).click();
  await page.getByRole('heading', { name: 'Site settings', level: 1 }).waitFor();
  const services = page.getByRole('textbox', { name: /^Service( \*)?$/ });
  assert.equal(await services.first().inputValue(), 'Sunday service');
  const when = page.getByRole('textbox', { name: /^When( \*)?$/ }).first();
  await when.fill('9.30am to 12noon');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Site settings saved').waitFor();

  const html = await page.goto(`${site.baseUrl}/service-times`);
  assert.equal(html?.status(), 200);
  const sunday = page.locator('dl.times div', { hasText: 'Sunday service' }).first();
  assert.equal((await sunday.locator('dd').textContent())?.trim(), '9.30am to 12noon');
});

test('an admin dates a program in the console with the date-time picker, in London time', async () => {
  browser ??= await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/London' })).newPage();
  await page.goto(`${site.baseUrl}/admin/login`);
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Welcome to the admin console').waitFor();

  await page.goto(`${site.baseUrl}/admin/create-program-post`);
  await page.waitForURL(/\/admin\/posts\/create/);
  await page.getByLabel('Title').fill('Easter sunrise service');
  await page.getByLabel('Starts', { exact: true }).fill('2030-04-21T06:30');
  await page.getByLabel('Where', { exact: true }).fill('Victoria Park bandstand');
  await page.getByLabel('Repeats (RRULE)', { exact: true }).fill('FREQ=YEARLY;COUNT=3');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Christ is risen! Join us as the sun comes up.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved', { exact: true }).waitFor();

  const { allPosts } = await graphql<{ allPosts: { startsAt: string; location: string; recurrence: string; recurrenceText: string }[] }>(
    site.baseUrl,
    '{ allPosts(filter: { q: "Easter sunrise" }) { startsAt location recurrence recurrenceText } }',
  );
  assert.deepEqual(allPosts, [
    { startsAt: '2030-04-21T05:30:00.000Z', location: 'Victoria Park bandstand', recurrence: 'FREQ=YEARLY;COUNT=3', recurrenceText: 'every year for 3 times' },
  ]);
});

/** The Nu HTML checker's jar from the vnu-jar package, run with the machine's Java (17 or later). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));
const PUBLIC_PAGES = ['/', '/about-us', '/senior-pastors', '/visit-info', '/service-times', '/life-line', '/how-to-become-a-christian', '/contact-us', '/ask-a-question', '/counselling', '/baptism', '/blog', '/testimonies', '/prayer-wall', '/programs', '/live', '/sermons', '/book-shop', '/register', '/userlogin', '/privacy', '/accessibility'];

test('the Nu HTML checker finds no errors on the public pages', async () => {
  const { posts, books, sermons } = await graphql<{ posts: { id: string }[]; books: { id: string }[]; sermons: { id: string }[] }>(
    site.baseUrl,
    '{ posts: allPosts(perPage: 3, filter: { categoryId: 1 }, sortField: "nextStartsAt", sortOrder: "ASC") { id } books: allBooks(perPage: 1) { id } sermons: allVideos(perPage: 1) { id } }',
  );
  const paths = [...PUBLIC_PAGES, ...posts.map((post) => `/post-details/${post.id}`), `/book-details-page/${books[0].id}`, `/sermons/${sermons[0].id}`];
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = await Promise.all(
      paths.map(async (path, index) => {
        const file = join(dir, `${index}-${path.replace(/\W+/g, '-') || 'home'}.html`);
        writeFileSync(file, await page(path));
        return file;
      }),
    );
    // One Java start for every page: --exit-zero-always so the JSON report comes back, then judged here.
    const { stderr } = await promisify(execFile)(process.env.JAVA ?? 'java', ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', ...files], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const { messages } = JSON.parse(stderr) as { messages: { type: string; url: string; message: string; extract?: string; lastLine?: number }[] };
    const errors = messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
    const byPage = errors.map((error) => `${paths[Number(error.url.split('/').pop()!.split('-')[0])]}: ${error.message} (${error.extract ?? ''})`);
    assert.deepEqual(byPage, [], 'the Nu HTML checker reports no errors');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
