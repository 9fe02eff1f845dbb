import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, graphql, logIn, refuseOtherOrigins, type Member } from './web-helpers.ts';

type Mail = { to: string[]; parsed: ParsedMail };

let site: Site;
let browser: Browser;
let smtp: SMTPServer;
let admin: string;
let member: Member;
const received: Mail[] = [];

/** Waits for a message the app sent through the loopback SMTP server (mail goes through the job queue). */
async function mailTo(address: string, match: (mail: ParsedMail) => boolean, timeoutMs = 60_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((mail) => mail.to.includes(address) && match(mail.parsed));
    if (found) return found.parsed;
    if (Date.now() > deadline) throw new Error(`no matching e-mail to ${address}; received: ${received.map((mail) => `${mail.to.join(',')}: ${mail.parsed.subject}`).join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  site = await startSite({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  browser = await launchBrowser();
  admin = (await logIn(site.baseUrl, ADMIN.email, ADMIN.password)).token;
  member = await createMember(site.baseUrl, 'Dorcas');
});

after(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** A public Consent list with the member on it, confirmed by the link the sign-up e-mailed them. */
async function listWithMember(name: string): Promise<string> {
  const { createMailingList } = await graphql<{ createMailingList: { id: string } }>(
    site.baseUrl,
    'mutation ($name: String!) { createMailingList(name: $name, description: "News and prayer points", public: true, basis: Consent) { id } }',
    { name },
    admin,
  );
  await graphql(site.baseUrl, 'mutation ($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }', { listId: createMailingList.id, email: member.email });
  const confirmation = await mailTo(member.email, (mail) => /\/newsletters\/confirm\?token=/.test(mail.text ?? ''));
  const token = /\/newsletters\/confirm\?token=([^\s"'<>&]+)/.exec(confirmation.text!)![1];
  await graphql(site.baseUrl, 'mutation ($token: String!) { confirmSubscription(token: $token) { id } }', { token: decodeURIComponent(token) });
  return createMailingList.id;
}

test('staff write to a list in the console, preview, test, schedule and send it; the member unsubscribes in one click', async () => {
  const listName = `Prayer letter ${process.pid}`;
  await listWithMember(listName);
  const subject = `Advent at the centre ${process.pid}`;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  await refuseOtherOrigins(context, site.baseUrl);
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/admin/login`);
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Welcome to the admin console').waitFor();

  await page.goto(`${site.baseUrl}/admin/broadcasts/create`);
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill('Carols on the green, then mince pies in the hall.');
  await page.getByRole('combobox', { name: 'List' }).click();
  await page.getByRole('option', { name: listName }).click();
  await page.getByRole('status').filter({ hasText: 'Will go to 1 person' }).waitFor();

  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Phone' }).click();
  const preview = page.getByTitle('Preview of the e-mail');
  await preview.waitFor();
  assert.equal(await preview.evaluate((frame) => frame.getBoundingClientRect().width), 375);
  await page.frameLocator('iframe[title="Preview of the e-mail"]').getByText('Carols on the green').waitFor();

  await page.getByRole('button', { name: 'Save the draft' }).click();
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await page.getByText(`A test is on its way to ${ADMIN.email}`).waitFor();
  const trial = await mailTo(ADMIN.email, (mail) => mail.subject?.includes(subject) ?? false);
  assert.match(trial.subject!, /^\[Test\]/);

  await page.getByRole('button', { name: 'Schedule…' }).click();
  const scheduling = page.getByRole('dialog', { name: 'Send to 1 person later?' });
  // Two minutes on, to the minute (the browser keeps UTC): at least one minute ahead.
  await scheduling.getByLabel('Send on').fill(new Date(Date.now() + 2 * 60 * 1000).toISOString().slice(0, 16));
  await scheduling.getByRole('button', { name: 'Schedule' }).click();
  await page.getByRole('button', { name: 'Cancel the schedule' }).click();
  await page.getByText(`“${subject}” is a draft again; it will not be sent`).waitFor();

  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog', { name: 'Send to 1 person now?' }).getByRole('button', { name: 'Send now' }).click();
  const letter = await mailTo(member.email, (mail) => mail.subject === subject);
  // mailparser reads List-* headers into its own shape: the header lines are what a mail client reads.
  const header = (name: string) => letter.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  assert.match(header('list-unsubscribe'), /^List-Unsubscribe: <https?:\/\/[^>]+\/api\/mail\/unsubscribe\?token=[^>]+>, <mailto:unsubscribe\+[^>]+>$/);
  assert.equal(header('list-unsubscribe-post'), 'List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  assert.ok(received.filter((mail) => mail.parsed.subject === subject).every((mail) => mail.to.includes(member.email)), 'the scheduled send, cancelled, sent nothing');
  // The plain-text part writes a link as "words [address]".
  const link = /https?:\/\/\S+?\/unsubscribe\?token=[^\s"'<>\]]+/.exec(letter.text ?? '')?.[0];
  assert.ok(link, 'the message shows an unsubscribe link');
  assert.match(String(letter.html), /\/unsubscribe\?token=/);

  const inbox = await (await browser.newContext()).newPage();
  await inbox.goto(link.replace(/&amp;/g, '&'));
  await inbox
    .getByRole('heading', { name: 'You are unsubscribed' })
    .waitFor()
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\n${link} says: ${await inbox.locator('body').innerText()}`);
    });
  await inbox.getByText(`You are unsubscribed from ${listName}.`).waitFor();

  await page.reload();
  const row = page.getByRole('table', { name: 'Recipients' }).getByRole('row').filter({ hasText: member.email });
  await row.waitFor();
  assert.match(await row.innerText(), /Unsubscribed|Sent/);
});
