import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startSmtpServer } from '../server/test/support/smtp.ts';
import { ADMIN, launchBrowser, startSite, type Site } from './support/harness.ts';
import { createMember, createStaffMember, graphql, logIn, wcagViolations, type Member } from './web-helpers.ts';

describe('the care inbox in the console', () => {
  let site: Site;
  let browser: Browser;
  let mailbox: Awaited<ReturnType<typeof startSmtpServer>>;
  let PASTOR: Member & { name: string };
  let EDITOR: Member;

  before(async () => {
    mailbox = await startSmtpServer();
    site = await startSite({ SMTP_URL: mailbox.url, SEED_DEMO: 'true' });
    const admin = await logIn(site.baseUrl, ADMIN.email, ADMIN.password);
    PASTOR = { ...(await createStaffMember(site.baseUrl, admin.token, 'Grace', 'Pastor')), name: 'Grace Tester' };
    EDITOR = await createStaffMember(site.baseUrl, admin.token, 'Ruth', 'Editor');
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await site?.stop();
    await mailbox?.close();
  });

  /** A new browser signed in to the console; every GraphQL answer it gets is kept for the test to read. */
  const signIn = async ({ email, password }: { email: string; password: string }) => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const answers: { status: number; body: string }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/graphql') void response.text().then((body) => answers.push({ status: response.status(), body }), () => undefined);
    });
    await page.goto(`${site.baseUrl}/admin/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Welcome to the admin console').waitFor();
    return { page, answers };
  };

  const tokenIn = async (page: Page) => (JSON.parse((await page.evaluate(() => localStorage.getItem('ministry-admin.session'))) ?? '{}') as { token: string }).token;

  const choose = async (page: Page, field: string, option: string, done: string) => {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByText(done).first().waitFor();
  };

  const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });

  test('a Pastor works a request from New to Closed with a note and a reply, and the reply reaches the requester', async () => {
    const sent = await fetch(`${site.baseUrl}/api/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lydia Thyatira', email: 'lydia@example.net', phone: '+44 20 7946 0011', reason: 'counselling', message: 'Could someone pray with me about my mother?' }),
    });
    assert.equal(sent.status, 201);
    const careId = `ContactEnquiry-${String(((await sent.json()) as { id: unknown }).id)}`;

    const { page } = await signIn(PASTOR);
    await page.getByRole('menuitem', { name: 'Care inbox' }).click();
    await page.locator('tr', { hasText: 'Lydia Thyatira' }).getByText('Lydia Thyatira').click();
    await page.waitForURL(`${site.baseUrl}/admin/care/${careId}/show`);
    const main = page.locator('#main-content');
    for (const text of ['Could someone pray with me about my mother?', 'lydia@example.net', '+44 20 7946 0011']) await main.getByText(text, { exact: true }).waitFor();
    assert.deepEqual(await wcagViolations(page), [], 'the request screen passes axe');

    await choose(page, 'Assigned to', PASTOR.name, `Assigned to ${PASTOR.name}`);
    // The Pastor's mailbox also holds the link that confirms their address, sent when the account was made.
    const assigned = await mailbox.waitFor((mail) => mail.to.includes(PASTOR.email) && mail.text.includes('/admin/care/'));
    assert.match(assigned.text, new RegExp(`/admin/care/${careId}/show`), 'the assignee is sent a link to the request');
    assert.doesNotMatch(assigned.text, /pray with me about my mother/, 'never the request itself');

    await choose(page, 'Status', 'In progress', 'The status is now In progress');

    await page.getByLabel('Note', { exact: true }).fill('Rang her on Monday; she would like a visit.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await timeline(page).getByText('Rang her on Monday; she would like a visit.').waitFor();
    await timeline(page).getByText(`Note by ${PASTOR.name}`, { exact: false }).waitFor();

    const reply = 'Dear Lydia, we are praying for your mother. Pastor Grace will visit on Thursday.';
    await page.getByLabel('Your reply', { exact: true }).fill(reply);
    await page.getByRole('button', { name: 'Send reply' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('This e-mails your reply to Lydia Thyatira <lydia@example.net>', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes, send it' }).click();
    await timeline(page).getByText(`${PASTOR.name} replied by e-mail`, { exact: false }).waitFor();
    // The requester already had the website's acknowledgement; the reply is a second mail.
    await mailbox.waitFor((mail) => mail.to.includes('lydia@example.net') && mail.text.replace(/\s+/g, ' ').includes('we are praying for your mother'));

    await page.getByLabel('Their answer', { exact: true }).fill('Thursday suits me, thank you.');
    await page.getByRole('button', { name: 'Add their answer' }).click();
    await timeline(page).getByText('Thursday suits me, thank you.').waitFor();

    await choose(page, 'Status', 'Closed', 'The status is now Closed');
    await main.getByText('changed the status from In progress to Closed', { exact: false }).waitFor();

    const { CareRequest } = await graphql<{ CareRequest: { status: string; lastReplyAt: string | null; timeline: { type: string; body: string | null }[] } }>(
      site.baseUrl,
      'query One($id: ID!) { CareRequest(id: $id) { status lastReplyAt timeline { type body } } }',
      { id: careId },
      await tokenIn(page),
    );
    assert.equal(CareRequest.status, 'Closed');
    assert.ok(CareRequest.lastReplyAt, 'the reply is recorded');
    for (const type of ['Assignment', 'StatusChange', 'Note', 'Reply', 'RequesterAnswer']) {
      assert.ok(CareRequest.timeline.some((event) => event.type === type), `the timeline holds a ${type}`);
    }
    assert.ok(CareRequest.timeline.some((event) => event.type === 'Reply' && event.body === reply));
    await page.context().close();
  });

  test("an Editor's console has no care menu, no Requests, Payments or People, and asks nothing it is refused", async () => {
    const { page, answers } = await signIn(EDITOR);
    await page.getByRole('menuitem', { name: 'Blog' }).waitFor();
    await page.getByText('Testimonies awaiting authorisation').waitFor();
    for (const name of ['Care inbox', 'Contact enquiries', 'Prayer requests', 'Donations', 'All Members', 'Site settings']) {
      assert.equal(await page.getByRole('menuitem', { name }).count(), 0, `no ${name} in the menu`);
    }
    for (const section of ['Requests', 'Payments', 'People']) assert.equal(await page.getByText(section, { exact: true }).count(), 0, `no ${section} section`);
    assert.equal(await page.getByText('New requests').count(), 0, 'the dashboard shows no request counts');

    await page.goto(`${site.baseUrl}/admin/care`);
    await page.getByText('This page does not exist, or your role does not include it.', { exact: false }).waitFor();
    await page.waitForLoadState('networkidle');
    const refused = answers.filter(({ status, body }) => status >= 400 || /"errors"/.test(body));
    assert.deepEqual(refused, [], 'no request of the console was refused');
    await page.context().close();
  });

  test('an Admin makes a member an Editor, who can then sign in, and is told plainly the last Admin must stay', async () => {
    const esther = await createMember(site.baseUrl, 'Esther');
    const { page } = await signIn(ADMIN);
    await page.goto(`${site.baseUrl}/admin/members/${String(esther.user.id)}/show`);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Editor/ }).click();
    await page.getByRole('region', { name: 'Change role' }).getByText('Website content and images only.').waitFor();
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('The role is now Editor').waitFor();
    const { User } = await graphql<{ User: { role: string } }>(site.baseUrl, 'query ($id: ID!) { User(id: $id) { role } }', { id: esther.user.id }, await tokenIn(page));
    assert.equal(User.role, 'Editor');
    const editor = await signIn(esther);
    await editor.page.getByRole('menuitem', { name: 'Blog' }).waitFor();
    await editor.page.context().close();

    const { allUsers } = await graphql<{ allUsers: { id: string }[] }>(site.baseUrl, 'query { allUsers(filter: { role: Admin }) { id } }', {}, await tokenIn(page));
    assert.equal(allUsers.length, 1, 'the seeded admin is the only Admin');
    await page.goto(`${site.baseUrl}/admin/members/${allUsers[0].id}/show`);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Member/ }).click();
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.getByRole('alert').filter({ hasText: 'There must be at least one Admin' }).waitFor();
    await page.context().close();
  });
});
