import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

/** Every request the page makes to another origin is refused and remembered (tiles, YouTube, fonts...). */
export async function refuseOtherOrigins(context: BrowserContext, baseUrl: string): Promise<string[]> {
  const refused: string[] = [];
  await context.route(
    (url) => !url.href.startsWith(baseUrl) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      refused.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return refused;
}

export async function graphql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data as T;
}

export type Member = { email: string; password: string; firstname: string; token: string; user: Record<string, unknown> };

let members = 0;

/** A fresh member account, registered and logged in through the API (for tests about something else). */
export async function createMember(baseUrl: string, firstname = 'Esther'): Promise<Member> {
  members += 1;
  const email = `${firstname.toLowerCase()}.${process.pid}.${members}.${Date.now()}@example.net`;
  const password = 'a-long-enough-password';
  await graphql(
    baseUrl,
    `mutation ($email: String!, $password: String!, $firstname: String!) {
      register(title: "Sister", firstname: $firstname, lastname: "Tester", gender: "female", marital_status: "single", phone: "020 7946 0999",
        email: $email, password: $password, country: "United Kingdom", state: "England", city: "London", address: "1 Test Row") { id }
    }`,
    { email, password, firstname },
  );
  return { email, password, firstname, ...(await logIn(baseUrl, email, password)) };
}

/** A new member the admin gives a staff role, signed in again with it (production seeds no demo staff accounts). */
export async function createStaffMember(baseUrl: string, adminToken: string, firstname: string, role: string): Promise<Member> {
  const member = await createMember(baseUrl, firstname);
  await graphql(baseUrl, 'mutation ($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { id } }', { id: member.user.id, role }, adminToken);
  return { ...member, ...(await logIn(baseUrl, member.email, member.password)) };
}

export async function logIn(baseUrl: string, email: string, password: string): Promise<{ token: string; user: Record<string, unknown> }> {
  const { login } = await graphql<{ login: { token: string; user: Record<string, unknown> } }>(
    baseUrl,
    `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token user { id title firstname lastname email phone role permissions country state city } } }`,
    { email, password },
  );
  return login;
}

/** Puts a session in the browser's storage the way the login page does, then opens `path`. */
export async function openSignedIn(page: Page, baseUrl: string, session: { token: string; user: Record<string, unknown> }, path: string) {
  await page.goto(`${baseUrl}/success`);
  await page.evaluate((value) => window.localStorage.setItem('session', value), JSON.stringify({ loggedIn: true, ...session }));
  // Idle network: the page's scripts have run, so it shows (and acts on) the signed-in session.
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
}


export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * axe's findings on the page as it is now, as readable lines: every one under WCAG 2.2 A and AA, whatever its impact,
 * and axe's own best practices when serious or critical.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  // axe.run in the page itself: the default finishes each scan in a new blank page, loading axe a second time, which
  // only frames of other origins need, and every test refuses other origins.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).setLegacyMode().analyze();
  const wcag = (tags: string[]) => tags.some((tag) => /^wcag2\d*aa?$/.test(tag));
  return results.violations
    .filter((violation) => wcag(violation.tags) || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
