import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { focusProblem } from './support/focus.ts';
import { launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, openSignedIn, refuseOtherOrigins, wcagViolations } from './web-helpers.ts';

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const focused = (page: Page) => page.evaluate(() => ({ id: document.activeElement?.id ?? '', text: document.activeElement?.textContent?.trim() ?? '', className: document.activeElement?.className ?? '' }));

/** Tabs until `reached` holds for the focused element (at most `limit` presses), so a test reaches a control as a keyboard user does. */
async function tabUntil(page: Page, reached: (element: { id: string; text: string; className: string }) => boolean, limit = 120) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (reached(await focused(page))) return;
  }
  throw new Error('never reached by Tab');
}

async function newPage(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await refuseOtherOrigins(context, site.baseUrl);
  return { context, page: await context.newPage() };
}

const CONTACT_ERRORS = ['Enter your full name', 'Enter your email address', 'Enter your phone number', 'Choose a reason', 'Enter a short description'];
const CONTACT_FIELDS = ['field-name', 'field-email', 'field-phone', 'field-reason', 'field-message'];

for (const width of [375, 1280]) {
  test(`the contact form by keyboard at ${width} px: every error at once in a focused summary whose links lead to their fields, then sent`, async () => {
    const { context, page } = await newPage(width);
    try {
      await page.goto(`${site.baseUrl}/contact-us`, { waitUntil: 'networkidle' });
      // From the form's first field on, only the keyboard (the page's own Tab order is another test's).
      await page.locator('#field-name').focus();
      await tabUntil(page, (element) => element.text === 'Send message', 10);
      await page.keyboard.press('Enter');

      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      assert.equal(await focusProblem(page), null, 'the summary has visible focus');
      assert.deepEqual(await summary.getByRole('link').allInnerTexts(), CONTACT_ERRORS, 'every error at once, in the order of the form');
      assert.deepEqual(await wcagViolations(page), [], 'the form showing its errors');

      for (const [index, fieldId] of CONTACT_FIELDS.entries()) {
        await summary.focus();
        for (let presses = 0; presses <= index; presses += 1) await page.keyboard.press('Tab');
        assert.equal((await focused(page)).text, CONTACT_ERRORS[index]);
        await page.keyboard.press('Enter');
        const field = page.locator(`#${fieldId}`);
        assert.equal((await focused(page)).id, fieldId, `the link "${CONTACT_ERRORS[index]}" leads to its field`);
        assert.equal(await focusProblem(page), null, `${fieldId} is visible, not under the header, with a focus ring`);
        assert.equal(await field.getAttribute('aria-invalid'), 'true');
        assert.equal(await page.locator(`#${await field.getAttribute('aria-describedby')}`).innerText(), CONTACT_ERRORS[index], 'its message is tied to it');
      }

      await summary.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const answers = [`Lydia Purple ${width}`, 'lydia@example.net', '020 7946 0555', 'Prayer', 'Please pray for my family as we move house next month.'];
      for (const [index, answer] of answers.entries()) {
        if (index > 0) await page.keyboard.press('Tab');
        assert.equal((await focused(page)).id, CONTACT_FIELDS[index], 'Tab goes through the fields in order');
        await page.keyboard.type(answer);
      }
      assert.equal(await page.locator('#field-reason').inputValue(), 'prayer', 'the reason is chosen by typing');
      await tabUntil(page, (element) => element.text === 'Send message', 5);
      assert.equal(await focusProblem(page), null, 'the send button');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.baseUrl}/success`);
      await page.getByText('Your message has been received').waitFor();
    } finally {
      await context.close();
    }
  });

  test(`deleting the account asks first at ${width} px, with the safe choice focused; a download says where its file went`, async () => {
    const member = await createMember(site.baseUrl, 'Tabitha');
    const { context, page } = await newPage(width);
    try {
      await openSignedIn(page, site.baseUrl, member, '/user/privacy');
      await page.getByRole('heading', { name: 'My privacy' }).waitFor();

      await tabUntil(page, (element) => element.text === 'Download my data (JSON file)');
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      assert.equal(download.suggestedFilename(), 'my-data.json');
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('Your data was downloaded as a JSON file'));
      assert.equal(await page.locator(':focus').getAttribute('role'), 'status', 'the result is announced');
      assert.equal(await focusProblem(page), null, 'the result has visible focus');

      await tabUntil(page, (element) => element.id === 'field-password');
      await page.keyboard.type(member.password);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.textContent === 'No, keep my account');
      assert.equal(await focusProblem(page), null, 'the safe choice has visible focus');
      assert.ok(await page.getByText('Delete your account for good?').isVisible());
      assert.deepEqual(await wcagViolations(page), [], 'the privacy centre asking to confirm');

      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.textContent === 'Delete my account');
      assert.equal(await focusProblem(page), null, 'focus back on the button that asked');
      assert.equal(await page.getByRole('button', { name: 'Yes, delete my account' }).count(), 0);
      assert.ok(await page.getByRole('heading', { name: 'My privacy' }).isVisible(), 'the account is kept');
    } finally {
      await context.close();
    }
  });
}

test('a new member gives only what is needed and is signed in after registering', async () => {
  const { context, page } = await newPage(1280);
  try {
    await page.goto(`${site.baseUrl}/register`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
    assert.deepEqual(await page.locator('.error-summary a').allInnerTexts(), [
      'Enter your first name',
      'Enter your last name',
      'Enter your email address',
      'Enter your phone number',
      'Your password must be at least 8 characters',
    ]);
    assert.deepEqual(await wcagViolations(page), [], 'the register form showing its errors');

    assert.equal(await page.getByLabel('Gender (optional)').inputValue(), '', 'Prefer not to say is the answer left alone');
    await page.getByLabel('First name').fill('Phoebe');
    await page.getByLabel('Last name').fill('Deacon');
    await page.getByLabel('Email').fill(`phoebe.${Date.now()}@example.net`);
    await page.getByLabel('Phone').fill('020 7946 0777');
    await page.locator('#field-password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${site.baseUrl}/user/user-dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Phoebe', exact: true }).waitFor();
  } finally {
    await context.close();
  }
});
