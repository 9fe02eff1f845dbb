import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember } from './web-helpers.ts';

/** The headers a browser is protected by, which a cached page must carry exactly as a freshly rendered one. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'cache-control',
  'content-type',
  'etag',
];

/** The public pages a visitor may land on (server/src/site/publishing.service.ts lists the same for the sitemap). */
const PUBLIC_ROUTES = ['/', '/about-us', '/senior-pastors', '/visit-info', '/service-times', '/life-line', '/how-to-become-a-christian', '/contact-us', '/ask-a-question', '/counselling', '/baptism', '/blog', '/testimonies', '/prayer-wall', '/programs', '/book-shop', '/userlogin', '/register', '/privacy', '/accessibility'];

let site: Site;
let browser: Browser | undefined;

before(async () => {
  site = await startSite();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const inlineScripts = (html: string) => [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('a cached page and its freshly rendered twin carry the same bytes and security headers; the CSP lists its inline scripts by hash', async () => {
  for (const path of ['/', '/blog', '/book-shop']) {
    // A page number of its own (a parameter pages read, so part of the key) keeps this request out of whatever earlier requests cached.
    const url = `${site.baseUrl}${path}?page=${Date.now()}`;
    const fresh = await fetch(url);
    const cached = await fetch(url);
    assert.equal(fresh.status, 200);
    const [freshBody, cachedBody] = [await fresh.text(), await cached.text()];
    assert.equal(cachedBody, freshBody, `${path}: the cached page is the rendered page`);
    for (const name of SECURITY_HEADERS) assert.equal(cached.headers.get(name), fresh.headers.get(name), `${path}: ${name}`);

    const scriptSrc = /script-src ([^;]*)/.exec(fresh.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    assert.doesNotMatch(scriptSrc, /'nonce-|'unsafe-inline'/, `${path}: no nonce, never unsafe-inline`);
    const hashes = scriptSrc.split(' ').filter((source) => source.startsWith("'sha256-"));
    const expected = [...new Set(inlineScripts(freshBody).map(sha256))];
    assert.ok(expected.length > 0, `${path} has inline scripts`);
    assert.deepEqual(hashes.sort(), expected.sort(), `${path}: the CSP hashes exactly its inline scripts`);
  }
});

test('a page is answered 304 when the browser already holds it, never to a signed-in member; a token naming nobody is a visitor', async () => {
  const first = await fetch(`${site.baseUrl}/about-us`);
  const etag = first.headers.get('etag');
  assert.match(etag ?? '', /^"[^"]+"$/);
  const again = await fetch(`${site.baseUrl}/about-us`, { headers: { 'if-none-match': etag! } });
  assert.equal(again.status, 304);
  const junk = await fetch(`${site.baseUrl}/about-us`, { headers: { 'if-none-match': etag!, authorization: 'Bearer not-a-token' } });
  assert.equal(junk.status, 304, 'a token that names no session is answered as any visitor');
  const member = await createMember(site.baseUrl);
  const signedIn = await fetch(`${site.baseUrl}/about-us`, { headers: { 'if-none-match': etag!, authorization: `Bearer ${member.token}` } });
  assert.equal(signedIn.status, 200);
  assert.match(signedIn.headers.get('content-security-policy') ?? '', /'nonce-/, 'a member is rendered afresh, with their own nonce');
});

test("a page's data for a navigation in the browser is kept like the page: the same bytes and headers, an ETag, 304", async () => {
  const url = `${site.baseUrl}/blog.data?_routes=routes%2Fblog&page=${Date.now()}`;
  const fresh = await fetch(url);
  const cached = await fetch(url);
  assert.equal(fresh.status, 200);
  assert.match(fresh.headers.get('content-type') ?? '', /^text\/x-script/);
  const [freshBody, cachedBody] = [await fresh.text(), await cached.text()];
  assert.match(freshBody, /routes\/blog/);
  assert.equal(cachedBody, freshBody);
  // The slow path gives every answer a fresh nonce: the same policy shows the second answer came from the cache.
  for (const name of SECURITY_HEADERS) assert.equal(cached.headers.get(name), fresh.headers.get(name), `.data: ${name}`);
  const etag = fresh.headers.get('etag');
  assert.match(etag ?? '', /^"[^"]+"$/);
  assert.equal((await fetch(url, { headers: { 'if-none-match': etag! } })).status, 304);

  const member = await createMember(site.baseUrl);
  const signedIn = await fetch(url, { headers: { authorization: `Bearer ${member.token}` } });
  assert.equal(await signedIn.text(), freshBody);
  assert.notEqual(signedIn.headers.get('content-security-policy'), fresh.headers.get('content-security-policy'), 'a member is answered afresh');
  const missing = await fetch(`${site.baseUrl}/post-details/999999.data?_routes=routes%2Fpost-details`);
  assert.equal(missing.status, 404);
  assert.notEqual((await fetch(`${site.baseUrl}/post-details/999999.data?_routes=routes%2Fpost-details`)).headers.get('content-security-policy'), missing.headers.get('content-security-policy'), 'a 404 is never kept');
});

test('Chromium reports no Content-Security-Policy violation on any public route, first visit or cached', async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  const page = await context.newPage();
  for (const round of ['first visit', 'cached']) {
    for (const path of PUBLIC_ROUTES) {
      await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      assert.deepEqual(violations, [], `${path} (${round})`);
      // The page's scripts ran: React took over the server's HTML.
      assert.ok(await page.evaluate(() => '__reactRouterContext' in window), `${path} (${round}) hydrated`);
    }
  }
  await context.close();
});
