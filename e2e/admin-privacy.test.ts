import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { refuseOtherOrigins } from './web-helpers.ts';

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

test("an admin downloads what is held about a visitor, erases the visitor's form records, and finds both in the audit trail", async () => {
  const email = `ruth.${Date.now()}@example.net`;
  const sent = await fetch(`${site.baseUrl}/api/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ruth Moab', email, phone: '+44 20 7946 0004', reason: 'counselling', message: 'Please delete what I sent.' }),
  });
  assert.equal(sent.status, 201);

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  try {
    await page.goto(`${site.baseUrl}/admin/login`);
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('menuitem', { name: 'Privacy requests' }).click();

    await page.getByLabel('E-mail address').fill(email);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download everything we hold' }).click()]);
    assert.match(readFileSync(await download.path(), 'utf8'), /Please delete what I sent\./, 'the export holds the visitor’s message');

    await page.getByRole('button', { name: 'Erase this visitor’s form records' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Erase' }).click();
    await page.getByText(`1 form record sent by ${email} was erased.`).waitFor();

    await page.getByRole('menuitem', { name: 'Audit trail' }).click();
    await page.locator('tr', { hasText: 'Erased a visitor’s form records' }).getByText('1 form record(s) deleted').waitFor();
    await page.locator('tr', { hasText: 'Downloaded everything held about a person' }).getByText(/\(Admin\)/).waitFor();
  } finally {
    await context.close();
  }
});
