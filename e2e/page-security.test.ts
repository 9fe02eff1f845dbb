import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { launchBrowser, startSite, type Site } from './support/harness.ts';
import { startPostgres, type TestPostgres } from './support/postgres.ts';

/** The built app on a database this test can write to behind its back, as a post from before sanitising would be. */
let postgres: TestPostgres;
let site: Site;
let db: pg.Client;
let browser: Browser | undefined;

before(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE ministry');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/ministry');
  site = await startSite({ DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

after(async () => {
  await browser?.close();
  await db?.end();
  await site?.stop();
  await postgres?.stop();
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSrc = (response: Response) => /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';

test('a script that came in with a post body is neither allowed by the CSP nor run, first visit or cached; the page still hydrates', async () => {
  const injected = 'window.injectedRan = true';
  const [{ id }] = (
    await db.query(`UPDATE posts SET body = body || $1 WHERE id = (SELECT min(id) FROM posts WHERE status = 'Authorised') RETURNING id`, [`<script>${injected}</script>`])
  ).rows;
  const url = `${site.baseUrl}/post-details/${id}`;
  const [fresh, cached] = [await fetch(url), await fetch(url)];
  const html = await fresh.text();
  assert.ok(html.includes(`<script>${injected}</script>`), 'the page carries the injected script');
  assert.equal(await cached.text(), html, 'the second answer is the cached page');
  for (const response of [fresh, cached]) {
    const sources = scriptSrc(response);
    assert.ok(!sources.includes(sha256(injected)), "the injected script's hash is not in the CSP");
    assert.ok(sources.includes("'sha256-"), "the framework's own scripts are allowed by hash");
  }

  browser = await launchBrowser();
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on('console', (message) => message.type() === 'error' && /Content Security Policy/.test(message.text()) && violations.push(message.text()));
  await page.goto(url, { waitUntil: 'networkidle' });
  assert.equal(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan), undefined, 'the injected script did not run');
  assert.ok(await page.evaluate(() => '__reactRouterContext' in window), "the framework's scripts ran");
  assert.equal(violations.length, 1, `the browser refused exactly the injected script: ${violations.join('\n')}`);
  await page.close();
});

test('a page whose address carries a token is never stored, nor its data for a navigation in the browser', async () => {
  for (const path of ['/reset-password?token=abc123', '/reset-password.data?token=abc123&_routes=routes%2Freset-password']) {
    const response = await fetch(`${site.baseUrl}${path}`);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers.get('cache-control'), 'no-store', path);
  }
  assert.equal(
    (await fetch(`${site.baseUrl}/reset-password`)).headers.get('cache-control'),
    'public, max-age=0, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400',
    'without a token a browser revalidates the page and a CDN keeps it as the server does',
  );
});
