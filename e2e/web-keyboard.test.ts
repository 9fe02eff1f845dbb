import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { focusProblem } from './support/focus.ts';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, logIn, openSignedIn, refuseOtherOrigins, wcagViolations } from './web-helpers.ts';

let site: Site;
let browser: Browser;
const WALL_TITLE = `Peace for our street ${Date.now()}`;
let member: Awaited<ReturnType<typeof createMember>>;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  // A request on the prayer wall: a member shares it, staff approve it.
  member = await createMember(site.baseUrl, 'Phoebe');
  const { createPrayerRequest } = await graphql<{ createPrayerRequest: { id: string } }>(
    site.baseUrl,
    'mutation ($title: String!) { createPrayerRequest(title: $title, body: "That neighbours would look out for each other.", privacy: PrayerWall, wallName: FirstName) { id } }',
    { title: WALL_TITLE },
    member.token,
  );
  const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
  await graphql(site.baseUrl, 'mutation ($id: ID!) { approvePrayerForWall(id: $id) { id } }', { id: createPrayerRequest.id }, admin.token);
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function openPage(width: number, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'networkidle' });
  return page;
}

/** What has focus, in words a failure message can show. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing';
    return `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).name ?? '').trim().slice(0, 40)}"`;
  });

/** Shift+Tab from the end of the page back to its skip link; at every step the focused element is in view, uncovered, visibly focused. */
async function shiftTabThrough(page: Page, where: string) {
  const seen: string[] = [];
  for (let step = 0; step < 250; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const now = await focused(page);
    seen.push(now);
    assert.equal(await focusProblem(page), null, `${where}, Shift+Tab ${step + 1} onto ${now}`);
    if (await page.evaluate(() => document.activeElement?.classList.contains('skip-link'))) return seen;
  }
  assert.fail(`${where}: Shift+Tab never reached the skip link (${seen.slice(-5).join(', ')})`);
}

for (const width of [375, 1280]) {
  test(`Shift+Tab through the home and register pages never hides the focused element at ${width} px`, async () => {
    for (const path of ['/', '/register']) {
      const page = await openPage(width, path);
      try {
        assert.deepEqual(await wcagViolations(page), [], `${path} at ${width} px`);
        assert.deepEqual(await page.locator('body > aside, body > header, body > main, body > footer').evaluateAll((landmarks) => landmarks.length), 4, 'the test-payments notice is a landmark of its own');
        if (path === '/') assert.equal(await page.locator('section:not([aria-label], [aria-labelledby])').count(), 0, 'every section of the home page is named');
        const steps = await shiftTabThrough(page, `${path} at ${width} px`);
        assert.ok(steps.length > 10, `${path} has more than ten stops (${steps.length})`);
      } finally {
        await page.context().close();
      }
    }
  });

  test(`a client-side navigation by keyboard puts focus on the new page's heading at ${width} px`, async () => {
    const page = await openPage(width, '/');
    try {
      if (width < 1260) {
        await page.getByRole('button', { name: 'Open menu' }).focus();
        await page.keyboard.press('Enter');
        await page.locator('#mobile-menu').getByRole('link', { name: 'Contact Us' }).focus();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).focus();
      }
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.baseUrl}/contact-us`);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('main h1')), true, "the new page's own heading");
      assert.equal(await focusProblem(page), null, 'the heading is in view and shows its focus');
      assert.equal(await page.locator('main[inert], footer[inert], header [inert]').count(), 0, 'nothing is left inert');
      assert.deepEqual(await wcagViolations(page), [], `/contact-us at ${width} px`);

      // The next Tab carries on from the heading, into the page, not back at the top of the site.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)), true, 'Tab moves on into the page');
    } finally {
      await page.context().close();
    }
  });
}

test('the accessibility statement passes axe at both widths', async () => {
  for (const width of [375, 1280]) {
    const page = await openPage(width, '/accessibility');
    try {
      await page.getByRole('heading', { level: 2, name: 'What we improved in November 2026' }).waitFor();
      assert.deepEqual(await wcagViolations(page), [], `/accessibility at ${width} px`);
    } finally {
      await page.context().close();
    }
  }
});

test('the phone menu keeps focus inside it, and Escape closes it back onto its button', async () => {
  const page = await openPage(375, '/');
  try {
    // The slideshow's hidden slides are inert of their own accord.
    const inertBefore = await page.locator('[inert]').count();
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await menu.waitFor();
    assert.equal(await page.locator('main').evaluate((main) => (main as HTMLElement).inert), true, 'the page behind the menu is inert');
    assert.deepEqual(await wcagViolations(page), [], 'the open phone menu');

    const links = await menu.locator('a, button').count();
    // Round the menu and a little further: focus stays in the menu or on its button.
    for (let step = 0; step < links + 3; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const element = document.activeElement;
        return !!element && (element.closest('#mobile-menu') !== null || element.classList.contains('hamburger') || element === document.body);
      });
      assert.ok(inside, `Tab ${step + 1} stays in the menu, not on ${await focused(page)}`);
      if (await page.evaluate(() => document.activeElement !== document.body)) assert.equal(await focusProblem(page), null, `menu, Tab ${step + 1} onto ${await focused(page)}`);
    }

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await focused(page), 'button "Open menu"');
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('[inert]').count(), inertBefore, 'the page behind is usable again');
  } finally {
    await page.context().close();
  }
});

test('a desktop dropdown closes when Tab leaves it, and Escape returns to its button', async () => {
  const page = await openPage(1280, '/');
  try {
    const about = page.getByRole('button', { name: 'About Us' });
    await about.focus();
    await page.keyboard.press('Enter');
    assert.equal(await about.getAttribute('aria-expanded'), 'true');
    const links = await page.locator('#about-menu a').count();
    for (let step = 0; step < links; step += 1) {
      await page.keyboard.press('Tab');
      assert.equal(await focusProblem(page), null, `About Us menu, Tab ${step + 1} onto ${await focused(page)}`);
    }
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'button "Prayers"');
    assert.equal(await about.getAttribute('aria-expanded'), 'false', 'leaving the menu by Tab closes it');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await focused(page), 'button "Prayers"');
    assert.equal(await page.getByRole('button', { name: 'Prayers' }).getAttribute('aria-expanded'), 'false');
  } finally {
    await page.context().close();
  }
});

test('"I prayed" by keyboard leaves focus on the thanks, which is announced', async () => {
  const page = await openPage(375, '/prayer-wall');
  try {
    const entry = page.getByRole('article', { name: WALL_TITLE });
    const status = entry.getByRole('status');
    assert.equal(await status.count(), 1, 'the live region is there before the answer, so the answer is announced');
    await entry.getByRole('button', { name: 'I prayed' }).focus();
    await page.keyboard.press('Enter');
    await status.getByText('Thank you for praying').waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    assert.equal(await status.evaluate((region) => region.contains(document.activeElement)), true, `focus is on the answer, not on ${await focused(page)}`);
    assert.equal(await focusProblem(page), null);
    assert.deepEqual(await wcagViolations(page), [], 'the prayer wall after praying');
  } finally {
    await page.context().close();
  }
});

test('Shift+Tab back onto "Donate with PayPal" on a phone brings it out from under the sticky header', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    await openSignedIn(page, site.baseUrl, member, '/user/make-donations');
    const donate = page.getByRole('button', { name: 'Donate with PayPal' });
    await donate.focus();
    await page.keyboard.press('Tab');
    // Scrolled on a little, as someone reading would: the button is on the screen, but under the header.
    await donate.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - 10));
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(page), 'button "Donate with PayPal"');
    assert.equal(await focusProblem(page), null);
  } finally {
    await context.close();
  }
});
