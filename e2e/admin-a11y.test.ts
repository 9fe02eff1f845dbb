import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { focusProblem } from './support/focus.ts';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, createStaffMember, graphql, logIn, wcagViolations, type Member } from './web-helpers.ts';

const PHONE = 375;

describe('the console by keyboard, with visible focus, on a phone and a laptop', () => {
  let site: Site;
  let browser: Browser;
  let PASTOR: Member;

  before(async () => {
    site = await startSite();
    const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
    PASTOR = await createStaffMember(site.baseUrl, admin.token, 'Grace', 'Pastor');
    // A donation started on PayPal, so the donations list has a row to lay out.
    const giver = await createMember(site.baseUrl, 'Dorcas');
    await graphql(site.baseUrl, 'mutation { createDonation(amount: 25, currency: "GBP", description: "For the roof") { id } }', {}, giver.token);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  const signIn = async ({ email, password }: { email: string; password: string }, width: number) => {
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await page.goto(`${site.baseUrl}/admin/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    // By keyboard: a pointer left over the page would open tooltips over what the test looks at.
    await page.keyboard.press('Enter');
    await page.getByText('Welcome to the admin console').waitFor();
    return page;
  };

  const focusIsIn = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

  /** Presses Tab (or Shift+Tab) until `target` has focus; at every stop the focus must be visible and uncovered. */
  const tabTo = async (page: Page, target: Locator, name: string, { back = false, most = 80 } = {}) => {
    for (let stop = 0; stop < most; stop += 1) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      assert.equal(await focusProblem(page), null, `on the way to ${name}`);
      if (await focusIsIn(target)) return;
    }
    assert.fail(`Tab never reached ${name}`);
  };

  /** The screen has its h1, axe finds nothing under WCAG 2.2 A/AA, and on a phone nothing scrolls sideways. */
  const checkScreen = async (page: Page, name: string, width: number) => {
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await wcagViolations(page), [], `${name} at ${width} px`);
    if (width === PHONE) assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE, `${name} fits ${PHONE} px`);
  };

  for (const width of [PHONE, 1280]) {
    test(`a Pastor opens a care request, adds a note and changes its status, all by keyboard, at ${width} px`, async () => {
      const requester = `Lydia Thyatira ${width}`;
      const sent = await fetch(`${site.baseUrl}/api/contact-us`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: requester, email: 'lydia@example.net', phone: '+44 20 7946 0011', reason: 'counselling', message: 'Could someone pray with me about my mother?' }),
      });
      assert.equal(sent.status, 201);
      const careId = `ContactEnquiry-${String(((await sent.json()) as { id: unknown }).id)}`;
      const page = await signIn(PASTOR, width);
      try {
        await checkScreen(page, 'Dashboard', width);

        await page.goto(`${site.baseUrl}/admin/care`);
        await page.getByText(requester).first().waitFor();
        await checkScreen(page, 'Care inbox', width);
        await tabTo(page, page.locator(`a[href="/admin/care/${careId}/show"]`).first(), 'the request in the list');
        await page.keyboard.press('Enter');
        await page.waitForURL(`${site.baseUrl}/admin/care/${careId}/show`);
        await page.getByText('Could someone pray with me about my mother?').waitFor();
        await checkScreen(page, 'Care request', width);

        const note = page.getByRole('textbox', { name: 'Note', exact: true });
        await tabTo(page, note, 'the note');
        await page.keyboard.type('Rang her on Monday; she would like a visit.');
        await tabTo(page, page.getByRole('button', { name: 'Add note' }), 'Add note');
        await page.keyboard.press('Enter');
        const added = page.getByRole('status').filter({ hasText: 'The note is added' });
        await added.waitFor();
        // The screen reloads the request after the note is added; the check waits for it to settle.
        await page.getByRole('region', { name: 'Timeline' }).getByText('Rang her on Monday; she would like a visit.').waitFor();
        assert.ok(await focusIsIn(added), 'focus goes to the result of Add note, announced');
        assert.equal(await focusProblem(page), null, 'the result of Add note');

        const status = page.getByRole('combobox', { name: 'Status' });
        await tabTo(page, status, 'the status', { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('option', { name: 'In progress', exact: true }).waitFor();
        assert.equal(await focusProblem(page), null, 'the chosen status in its menu');
        for (let step = 0; step < 5 && !(await focusIsIn(page.getByRole('option', { name: 'In progress', exact: true }))); step += 1) {
          await page.keyboard.press('ArrowDown');
          assert.equal(await focusProblem(page), null, 'a status in its menu');
        }
        await page.keyboard.press('Enter');
        await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
        await page.getByRole('status').filter({ hasText: 'The status is now In progress' }).waitFor();
        await page.getByRole('region', { name: 'Timeline' }).getByText('changed the status from New to In progress', { exact: false }).waitFor();
        assert.ok(await focusIsIn(status), 'focus stays on the status just changed');
        assert.equal(await focusProblem(page), null, 'the changed status');
        await checkScreen(page, 'Care request', width);

        await page.getByRole('textbox', { name: 'Your reply', exact: true }).fill('Dear Lydia, we are praying for your mother.');
        await tabTo(page, page.getByRole('button', { name: 'Send reply' }), 'Send reply');
        await page.keyboard.press('Enter');
        const confirm = page.getByRole('dialog', { name: 'Send this reply by e-mail?' });
        await confirm.waitFor();
        assert.ok(await focusIsIn(confirm.getByRole('button', { name: 'No, go back' })), 'the confirmation opens on the safe choice');
        assert.equal(await focusProblem(page), null, 'the safe choice');
        await page.keyboard.press('Enter');
        await confirm.waitFor({ state: 'hidden' });
        assert.equal(await page.getByRole('region', { name: 'Timeline' }).getByText('replied by e-mail', { exact: false }).count(), 0, 'Enter on the confirmation sends nothing');
      } finally {
        await page.context().close();
      }
    });

    test(`donations, Gift Aid claims and Site settings fit and pass axe at ${width} px, and their fields stay in view by keyboard`, async () => {
      const page = await signIn(ADMIN, width);
      try {
        await page.goto(`${site.baseUrl}/admin/donations`);
        await page.getByText('£25.00').first().waitFor();
        await checkScreen(page, 'Donations', width);

        await page.goto(`${site.baseUrl}/admin/gift-aid-claims`);
        await checkScreen(page, 'Gift Aid claims', width);
        await page.goto(`${site.baseUrl}/admin/gift-aid-claims/create`);
        await checkScreen(page, 'New Gift Aid claim', width);
        const create = await page.getByRole('button', { name: 'Create claim' }).boundingBox();
        assert.ok(create && create.x >= 0 && create.x + create.width <= width, '"Create claim" is on the screen');

        await page.goto(`${site.baseUrl}/admin/site-settings`);
        await page.getByRole('textbox', { name: 'Organisation name' }).waitFor();
        await checkScreen(page, 'Site settings', width);
        if (width === PHONE) {
          // The last fields of the form, by keyboard, are in view and not under the Save bar, which on a phone used to float over them.
          await page.getByRole('textbox', { name: 'Name' }).last().focus();
          await tabTo(page, page.getByRole('textbox', { name: 'Last day of the accounting year (MM-DD)' }), 'the last field');
        }
      } finally {
        await page.context().close();
      }
    });
  }
});
