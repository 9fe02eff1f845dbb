import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, TestApp } from './support/test-app.js';

/**
 * The last Admin is kept whatever two Admins do at the same moment: erase their accounts, demote each other,
 * or one demotes while the other erases. Each pair of calls races for real against PostgreSQL; the rule decides
 * under one lock, so exactly one of them wins whichever reaches the database first.
 */
describe('the last Admin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Two fresh accounts that are now the only Admins, each signed in again as Admin. */
  const twoSoleAdmins = async () => {
    const pair = [await t.member(), await t.member()];
    const ids = pair.map((account) => account.id);
    await t.db.query(`UPDATE users SET role = CASE WHEN id = ANY($1) THEN 'Admin' ELSE 'Member' END WHERE role = 'Admin' OR id = ANY($1)`, [ids]);
    return Promise.all(
      pair.map(async (account) => {
        const login = await t.http.post('/api/admin-login').send({ email: account.email, password: account.password }).expect(200);
        return { ...account, token: login.body.token as string };
      }),
    );
  };
  const erase = (admin: { token: string; password: string }) => t.gql('mutation($p: String!) { deleteMyAccount(password: $p) }', { p: admin.password }, admin.token);
  const demote = (by: { token: string }, other: { id: number }) => t.gql('mutation($id: ID!) { updateUser(id: $id, role: Member) { id role } }', { id: other.id }, by.token);
  const adminCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'Admin'`))[0].n as number;
  const succeeded = (answers: { errors?: unknown[] }[]) => answers.filter((answer) => !answer.errors).length;

  it('lets only one of two Admins erase their account when both ask at once', async () => {
    const [first, second] = await twoSoleAdmins();
    const answers = await Promise.all([erase(first), erase(second)]);
    expect(succeeded(answers)).toBe(1);
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([expect.objectContaining({ message: expect.stringMatching(/last Admin/), extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
    expect(await adminCount()).toBe(1);
  });

  it('lets only one of two Admins demote the other when both try at once', async () => {
    const [first, second] = await twoSoleAdmins();
    const answers = await Promise.all([demote(first, second), demote(second, first)]);
    expect(succeeded(answers)).toBe(1);
    expect(await adminCount()).toBe(1);
  });

  it('lets only one through when one Admin steps down as the other erases their account', async () => {
    const [first, second] = await twoSoleAdmins();
    const answers = await Promise.all([demote(first, first), erase(second)]);
    expect(succeeded(answers)).toBe(1);
    expect(await adminCount()).toBe(1);
  });
});
