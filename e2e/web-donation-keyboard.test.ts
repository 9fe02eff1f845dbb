import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
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

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses a key and checks that what has focus then is in view, uncovered, and clearly marked. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  assert.equal(await focusProblem(page), null, `after ${key}`);
}

/** Tabs (checking each stop) until `target` has focus; fails if it takes more than `most` presses. */
async function tabTo(page: Page, target: Locator, most = 40) {
  for (let presses = 0; presses < most; presses++) {
    await press(page, 'Tab');
    if (await isFocused(target)) return;
  }
  assert.fail(`Tab never reached ${target.toString()}`);
}

/**
 * axe's findings with the page at its top, then back where the keyboard left it: axe places a sticky header where
 * it sits when scrolled (dequelabs/axe-core#3720), so it reports the links it seems to cover as too small.
 */
async function axeFindings(page: Page): Promise<string[]> {
  const scrolled = await page.evaluate(() => [window.scrollX, window.scrollY]);
  await page.evaluate(() => window.scrollTo(0, 0));
  const findings = await wcagViolations(page);
  await page.evaluate(([x, y]) => window.scrollTo(x, y), scrolled);
  return findings;
}

/** Replaces the focused field's text by typing, as a keyboard user does. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

for (const width of [375, 1280]) {
  test(`at ${width} px a member gives with Gift Aid by keyboard alone, fixes the declaration's error from the summary, and pays`, async () => {
    const member = await createMember(site.baseUrl, 'Tabitha');
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await refuseOtherOrigins(context, site.baseUrl);
    const page = await context.newPage();
    await openSignedIn(page, site.baseUrl, member, '/user/make-donations');
    assert.deepEqual(await axeFindings(page), [], 'the giving page, before Gift Aid');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'the page fits its width, with the long address of the notice to confirm it');

    await tabTo(page, page.getByRole('spinbutton', { name: 'Amount' }));
    await page.keyboard.type('10');
    const giftAid = page.getByRole('checkbox', { name: 'Add Gift Aid (+25%)' });
    await tabTo(page, giftAid);
    await press(page, 'Space');
    assert.equal(await giftAid.isChecked(), true);
    await page.locator('blockquote.gift-aid-wording').getByText(/^I want to Gift Aid my donation of £10\.00/).waitFor();
    assert.deepEqual(await axeFindings(page), [], 'the giving page with the declaration shown');

    // The declaration's fields in order: a wrong postcode is the one mistake.
    await tabTo(page, page.getByRole('radio', { name: 'This gift, my future gifts and those of the past 4 years' }));
    await tabTo(page, page.getByRole('textbox', { name: 'Title' }));
    await tabTo(page, page.getByRole('textbox', { name: 'First name' }));
    assert.equal(await page.getByRole('textbox', { name: 'First name' }).inputValue(), 'Tabitha', "pre-filled from the member's profile");
    await tabTo(page, page.getByRole('textbox', { name: 'Last name' }));
    await tabTo(page, page.getByRole('checkbox', { name: /living abroad/ }));
    await tabTo(page, page.getByRole('textbox', { name: 'House name or number' }));
    await retype(page, '7');
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    await tabTo(page, postcode);
    await retype(page, 'not a postcode');
    // After the declaration, the boxes of the mailing lists (left as they are: nothing is asked for), then the button.
    const lastList = page.getByRole('group', { name: 'E-mails from us' }).getByRole('checkbox').last();
    await tabTo(page, page.getByRole('button', { name: 'Donate with PayPal' }));
    await press(page, 'Shift+Tab');
    assert.equal(await isFocused(lastList), true, 'Shift+Tab goes back to the last mailing list box');
    await press(page, 'Tab');
    // The button waits on the server, and the summary then takes focus: checked once it has it, below.
    await page.keyboard.press('Enter');

    const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
    await summary.waitFor();
    assert.equal(await isFocused(summary), true, 'the error summary has focus');
    assert.equal(await focusProblem(page), null, 'the focused summary is in view and marked');
    const links = summary.getByRole('link');
    assert.equal(await links.count(), 1, 'one mistake, one entry');
    assert.equal(await links.first().getAttribute('href'), '#field-postcode');
    assert.equal(await postcode.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axeFindings(page), [], "the giving page with the declaration's errors shown");

    await tabTo(page, links.first());
    await press(page, 'Enter');
    assert.equal(await isFocused(postcode), true, "the summary's link leads to the field");
    await retype(page, 'sw1a 1aa');

    // PayPal's in-page panel, the emulator's stand-in for PayPal's own window: its button waits on the order
    // (disabled, so focus leaves it) and the panel opens after it without taking focus, so Tab goes on to its Pay.
    await tabTo(page, page.getByRole('button', { name: 'Pay with PayPal (test payments)' }));
    await page.keyboard.press('Enter');
    const pay = page.getByRole('dialog', { name: 'PayPal (test payments)' }).getByRole('button', { name: 'Pay £10.00' });
    await pay.waitFor();
    await tabTo(page, pay);
    await page.keyboard.press('Enter');

    await page.waitForURL(`${site.baseUrl}/user/donation-payment-success`);
    await page.getByRole('heading', { name: 'Thank you and God bless you' }).waitFor();
    assert.match(
      await page.locator('.confirmation .lead').innerText(),
      /^Your donation of £10\.00 was received\. With Gift Aid, the church can claim £2\.50 more from HMRC\./,
      'the success page names the amount and the Gift Aid',
    );
    assert.deepEqual(await axeFindings(page), [], 'the success page');
    await context.close();
  });
}
