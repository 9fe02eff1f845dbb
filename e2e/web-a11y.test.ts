import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, openSignedIn, refuseOtherOrigins, wcagViolations } from './web-helpers.ts';

let site: Site;
let browser: Browser;
let bookId: string;
let sermonId: string;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const { allBooks, allVideos } = await graphql<{ allBooks: { id: string }[]; allVideos: { id: string }[] }>(site.baseUrl, '{ allBooks(perPage: 1) { id } allVideos(perPage: 1) { id } }');
  bookId = allBooks[0].id;
  sermonId = allVideos[0].id;
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** Each page is scanned at the narrowest phone's width and a laptop's: layouts differ, and so can their problems. */
for (const width of [320, 1280]) {
  test(`axe finds nothing serious or critical on the public pages at ${width} px, and nothing overflows sideways`, async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await refuseOtherOrigins(context, site.baseUrl);
    const page = await context.newPage();
    try {
      for (const path of ['/', '/blog', '/contact-us', '/register', '/userlogin', `/book-details-page/${bookId}`, '/book-shop', '/testimonies', '/prayer-wall', '/service-times', '/live', '/sermons', `/sermons/${sermonId}`, '/senior-pastors', '/privacy', '/accessibility']) {
        await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
        assert.deepEqual(await wcagViolations(page), [], `${path} at ${width} px`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${path} fits ${width} px`);
      }

      await page.goto(`${site.baseUrl}/contact-us`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      assert.deepEqual(await wcagViolations(page), [], 'the contact form showing an error');
    } finally {
      await context.close();
    }
  });
}

test('axe finds nothing serious or critical in the cart and the member pages', async () => {
  const member = await createMember(site.baseUrl, 'Dorcas');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    await openSignedIn(page, site.baseUrl, member, `/book-details-page/${bookId}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.waitForURL(`${site.baseUrl}/user/cart-page`);
    await page.locator('.cart-item').waitFor();
    assert.deepEqual(await wcagViolations(page), [], 'the cart with a book in it');

    for (const path of ['/user/user-dashboard', '/user/make-donations', '/user/share-testimony', '/user/prayer-request', '/user/privacy']) {
      await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.locator('.member-content h1').waitFor();
      assert.deepEqual(await wcagViolations(page), [], path);
    }

    await page.goto(`${site.baseUrl}/register`, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: 'State, county or region' }).fill('eng');
    await page.getByRole('option', { name: 'England', exact: true }).waitFor();
    assert.deepEqual(await wcagViolations(page), [], 'the register form with a list open');
  } finally {
    await context.close();
  }
});
