import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { randomBytes } from 'node:crypto';
import { JWT_ISSUER } from '../src/auth/auth.service.js';
import { Callers } from '../src/http-cache/callers.js';
import { ADMIN, startTestApp, TestApp } from './support/test-app.js';
import { startDatabaseProxy } from './support/database-proxy.js';
import { untilPasses } from './support/eventually.js';

/** A signed-in read whose resolver needs no SQL: any SQL it costs is the caller's verification. */
const CONSOLE_FIELD = '{ giftAidScheduleColumns { field } }';
const ME = '{ me { id email } }';
const SESSION_ENDED = 'Your session has ended. Please log in again.';
const FORBIDDEN = { code: 'FORBIDDEN', message: 'You are not allowed to do this' };

const refusal = (response: { errors?: { message: string; extensions: { code: string } }[] }) => response.errors?.[0] && { code: response.errors[0].extensions.code, message: response.errors[0].message };

describe('speed work under attack (production mode, two instances on one database)', () => {
  let a: TestApp;
  let b: TestApp;
  let relay: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let secret: string;
  let adminOnA: string;

  beforeAll(async () => {
    secret = randomBytes(32).toString('base64');
    const shared = { NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', JWT_SECRET: secret, GRAPHQL_RATE_LIMIT: '100000', DATABASE_CONNECT_TIMEOUT_MS: '500' };
    a = await startTestApp(shared);
    relay = await startDatabaseProxy(process.env.TEST_POSTGRES_URL!);
    b = await startTestApp(shared, { database: a.databaseName, databasePort: relay.port });
    adminOnA = (await a.http.post('/api/admin-login').send(ADMIN).expect(200)).body.token;
  });
  afterAll(async () => {
    relay?.set('up');
    await b?.close();
    await a?.close();
    await relay?.close();
  });

  const gqlOn = (t: TestApp, query: string, authorization?: string, variables?: Record<string, unknown>) => {
    const call = t.http.post('/graphql').set('content-type', 'application/json');
    if (authorization !== undefined) call.set('authorization', authorization);
    return call.send({ query, variables });
  };

  /** Reads the caller's account on B until B keeps it (production sends no SQL count, so B's kept users are looked at). */
  async function keptOnB(token: string, id: number) {
    const callers: unknown = b.app.get(Callers);
    const kept = (callers as { users: { entries: Map<number, unknown> } }).users.entries;
    await untilPasses(async () => {
      expect((await b.gql(ME, {}, token)).errors).toBeUndefined();
      expect(kept.has(id)).toBe(true);
    });
  }

  async function staffKeptOnB(role: string) {
    const account = await a.member();
    const given = await a.gql(`mutation($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { role } }`, { id: String(account.id), role }, adminOnA);
    expect(given.data.updateUser.role).toBe(role);
    await keptOnB(account.token, account.id);
    return account;
  }

  describe('tokens that must prove nothing', () => {
    const sign = (payload: object, key = secret, options: jwt.SignOptions = { expiresIn: '1h' }) => jwt.sign(payload, Buffer.from(key), { algorithm: 'HS256', issuer: JWT_ISSUER, ...options });
    const unsigned = (payload: object) =>
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ iss: JWT_ISSUER, ...payload })).toString('base64url')}.`;

    const junk = (): Record<string, string> => ({
      'another secret': sign({ sub: 1, role: 'Admin', ver: 0 }, randomBytes(32).toString('base64')),
      'alg none': unsigned({ sub: 1, role: 'Admin', ver: 0 }),
      'another issuer': sign({ sub: 1, role: 'Admin', ver: 0 }, secret, { expiresIn: '1h', issuer: 'someone-else' }),
      expired: sign({ sub: 1, role: 'Admin', ver: 0, exp: Math.floor(Date.now() / 1000) - 60 }, secret, {}),
      'a user that does not exist': sign({ sub: 2_000_000_000, role: 'Admin', ver: 0 }),
      'an id past int range': sign({ sub: 99_999_999_999, role: 'Admin', ver: 0 }),
      'a garbage string': 'x.y.z',
      'a huge token': 'a'.repeat(12_000),
    });

    it('refuses the console with 401-style UNAUTHENTICATED, never a 500, on both instances', async () => {
      for (const [name, token] of Object.entries(junk())) {
        for (const t of [a, b]) {
          const response = await gqlOn(t, CONSOLE_FIELD, `Bearer ${token}`);
          expect({ name, status: response.status < 500, code: response.body.errors?.[0]?.extensions?.code }).toEqual({ name, status: true, code: 'UNAUTHENTICATED' });
        }
      }
    });

    it('answers a public read as to a visitor, never a 500', async () => {
      for (const [name, token] of Object.entries(junk())) {
        const response = await gqlOn(b, '{ allVideos(perPage: 2) { id } }', `Bearer ${token}`);
        expect({ name, status: response.status, errors: response.body.errors }).toEqual({ name, status: 200, errors: undefined });
      }
    });

    it('treats `constructor` and `__proto__` as a token subject (signed with the real secret) as no user, not a server error', async () => {
      for (const sub of ['constructor', '__proto__', '1 OR 1=1']) {
        const response = await gqlOn(a, ME, `Bearer ${sign({ sub, role: 'Admin', ver: 0 })}`);
        expect({ sub, status: response.status, code: response.body.errors?.[0]?.extensions?.code }).toEqual({ sub, status: 200, code: 'UNAUTHENTICATED' });
      }
    });

    it('refuses the legacy console with 401 for every junk token', async () => {
      for (const [name, token] of Object.entries(junk())) {
        const response = await b.http.get('/api/all-donations').set('authorization', `Bearer ${token}`);
        expect({ name, status: response.status }).toEqual({ name, status: 401 });
      }
    });
  });

  // PostgreSQL delivers an account's change to every instance a moment after the commit: each check waits for that
  // delivery (never a fixed time), then holds that nothing read before it is kept.
  describe('sessions ended or narrowed on one instance', () => {
    it('takes the console away on the other instance as soon as it hears an Admin was made a Member', async () => {
      const admin = await staffKeptOnB('Admin');
      expect((await b.gql('{ allUsers(perPage: 1) { id } }', {}, admin.token)).errors).toBeUndefined();
      await a.gql(`mutation($id: ID!) { updateUser(id: $id, role: Member) { role } }`, { id: String(admin.id) }, adminOnA);
      for (const instance of [b, a]) {
        await untilPasses(async () => expect(refusal(await instance.gql('{ allUsers(perPage: 1) { id } }', {}, admin.token))).toEqual(FORBIDDEN));
      }
    });

    it('takes drafts away on the other instance as soon as it hears an Editor was made a Member', async () => {
      const editor = await staffKeptOnB('Editor');
      const draft = await a.gql('mutation { createPost(name: "Editor draft", body: "<p>x</p>", categoryId: 3, status: UnAuthorised) { id } }', {}, adminOnA);
      const drafts = async (token?: string) => ((await b.gql('{ allPosts(perPage: 100) { id name } }', {}, token)).data?.allPosts ?? []).map((p: { name: string }) => p.name);
      expect(draft.errors).toBeUndefined();
      expect(await drafts(editor.token)).toContain('Editor draft');
      await a.gql(`mutation($id: ID!) { updateUser(id: $id, role: Member) { role } }`, { id: String(editor.id) }, adminOnA);
      await untilPasses(async () => expect(await drafts(editor.token)).not.toContain('Editor draft'));
      expect(await drafts()).not.toContain('Editor draft');
    });

    it('ends a session on both instances when logged out, even with requests in flight on the other', async () => {
      const finance = await staffKeptOnB('Finance');
      const inFlight = Array.from({ length: 20 }, () => b.gql(CONSOLE_FIELD, {}, finance.token));
      expect((await a.gql('mutation { logout }', {}, finance.token)).data.logout).toBe(true);
      await Promise.all(inFlight);
      await untilPasses(async () => expect(refusal(await b.gql(CONSOLE_FIELD, {}, finance.token))).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_ENDED }));
      for (let i = 0; i < 5; i++) expect(refusal(await b.gql(CONSOLE_FIELD, {}, finance.token))).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_ENDED });
      await b.http.get('/api/all-donations').set('authorization', `Bearer ${finance.token}`).expect(401);
    });

    it('never keeps a role read just before a demotion, with reads racing it', async () => {
      const finance = await staffKeptOnB('Finance');
      // Emptied by a change of address, so B reads the account again while the role changes.
      await a.db.query(`UPDATE users SET email = $2 WHERE id = $1`, [finance.id, `moved-${finance.id}@test.example`]);
      const racing = Array.from({ length: 30 }, (_, i) => new Promise((r) => setTimeout(r, i)).then(() => b.gql(CONSOLE_FIELD, {}, finance.token)));
      await a.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [finance.id]);
      await Promise.all(racing);
      await untilPasses(async () => expect(refusal(await b.gql(CONSOLE_FIELD, {}, finance.token))).toEqual(FORBIDDEN));
      for (let i = 0; i < 5; i++) expect(refusal(await b.gql(CONSOLE_FIELD, {}, finance.token))).toEqual(FORBIDDEN);
      await b.http.get('/api/all-donations').set('authorization', `Bearer ${finance.token}`).expect(403);
    });

    it('refuses a demoted caller on the other instance, and keeps refusing, even while that instance is busy', async () => {
      for (let i = 0; i < 12; i++) {
        const finance = await staffKeptOnB('Finance');
        const busy = Array.from({ length: 30 }, () => b.gql('{ allVideos(perPage: 5) { id } }', {}, adminOnA));
        await a.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [finance.id]);
        await untilPasses(async () => expect(refusal(await b.gql(CONSOLE_FIELD, {}, finance.token))).toEqual(FORBIDDEN));
        await Promise.all(busy);
        expect(refusal(await b.gql(CONSOLE_FIELD, {}, finance.token))).toEqual(FORBIDDEN);
      }
    });
  });

  describe('an instance that cannot hear of account changes', () => {
    it('stops trusting the users it kept when its listening connection is silently cut', async () => {
      const finance = await staffKeptOnB('Finance');
      const cut = relay.freeze();
      try {
        await a.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [finance.id]);
        // Nothing tells B its connections are cut: it must find out by itself, well before the 30 s after which it
        // would look the account up again anyway.
        await untilPasses(async () => {
          const response = await gqlOn(b, CONSOLE_FIELD, `Bearer ${finance.token}`).timeout(5_000);
          expect(refusal(response.body)?.code ?? 'answered with the console').not.toBe('answered with the console');
        }, 20_000);
      } finally {
        cut.thaw();
      }
    });
  });

  describe('signed-in answers never reach visitors, fresh or stale', () => {
    it('keeps neither a member’s own data nor an admin’s draft for visitors, also while the database is away', async () => {
      const member = await a.member();
      const draft = await a.gql('mutation { createPost(name: "Secret draft for staff", body: "<p>x</p>", categoryId: 3, status: UnAuthorised) { id } }', {}, adminOnA);
      expect(draft.errors).toBeUndefined();
      const POSTS = '{ allPosts(perPage: 100) { id name } }';
      // Warm B's caches: a visitor's copy, then the same queries signed in.
      await gqlOn(b, POSTS).expect(200);
      await b.http.get('/api/all-posts').expect(200);
      const staffView = await gqlOn(b, POSTS, `Bearer ${adminOnA}`).expect(200);
      expect(staffView.body.data.allPosts.map((p: { name: string }) => p.name)).toContain('Secret draft for staff');
      await gqlOn(b, ME, `Bearer ${member.token}`).expect(200);
      await b.http.get('/api/all-posts').set('authorization', `Bearer ${adminOnA}`).expect(200);

      relay.set('down');
      try {
        for (const authorization of [undefined, 'Bearer junk', `Bearer ${member.token}`]) {
          const posts = await gqlOn(b, POSTS, authorization);
          expect(JSON.stringify(posts.body)).not.toContain('Secret draft for staff');
          const legacy = await (authorization ? b.http.get('/api/all-posts').set('authorization', authorization) : b.http.get('/api/all-posts'));
          expect(JSON.stringify(legacy.body)).not.toContain('Secret draft for staff');
          const me = await gqlOn(b, ME, authorization);
          expect(JSON.stringify(me.body)).not.toContain(member.email);
          expect(me.headers['cache-control'] ?? '').not.toMatch(/public/);
        }
        // A signed-in read during the outage is refused, not answered from a visitor's copy with a public header.
        const signedIn = await gqlOn(b, POSTS, `Bearer ${adminOnA}`);
        expect(signedIn.headers['cache-control'] ?? '').not.toMatch(/public/);
      } finally {
        relay.set('up');
      }
    });

    it('marks a signed-in answer private and varying by Authorization', async () => {
      const response = await gqlOn(b, '{ allPosts(perPage: 1) { id } }', `Bearer ${adminOnA}`).expect(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toMatch(/Authorization/);
      const legacy = await b.http.get('/api/all-posts').set('authorization', `Bearer ${adminOnA}`).expect(200);
      expect(legacy.headers['cache-control']).toMatch(/private/);
    });
  });

  describe('odd list arguments: a 400 naming the field, never a 500', () => {
    const cases: [string, string][] = [
      ['{ allPosts(perPage: -1) { id } }', 'perPage'],
      ['{ allPosts(perPage: 0) { id } }', 'perPage'],
      ['{ allPosts(perPage: 2000000000) { id } }', 'perPage'],
      ['{ allPosts(page: -1) { id } }', 'page'],
      ['{ allPosts(page: 2147483647, perPage: 1000) { id } }', ''],
      ['{ allPosts(sortField: "id; DROP TABLE users") { id } }', 'sortField'],
      ['{ allPosts(sortOrder: "sideways") { id } }', 'sortOrder'],
      ['{ allPosts(filter: { q: "\' OR 1=1 --" }) { id } }', ''],
      ['{ allPosts(filter: { ids: ["99999999999"] }) { id } }', 'ids'],
      ['{ allPosts(filter: { ids: ["constructor"] }) { id } }', 'ids'],
      ['{ Post(id: "99999999999") { id } }', 'id'],
      ['{ Post(id: "__proto__") { id } }', 'id'],
    ];

    it.each(cases)('%s', async (query, field) => {
      for (const authorization of [undefined, `Bearer ${adminOnA}`]) {
        const response = await gqlOn(a, query, authorization);
        expect(response.status).toBeLessThan(500);
        const codes = (response.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
        expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
        if (field) expect(JSON.stringify(response.body.errors ?? [])).toContain(field);
      }
    });

    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('sortField "%s" is refused as a field that cannot be sorted by', async (sortField) => {
      for (const authorization of [undefined, `Bearer ${adminOnA}`]) {
        const response = await gqlOn(a, `{ allPosts(sortField: "${sortField}") { id } }`, authorization);
        expect(response.status).toBeLessThan(500);
        expect(response.body.errors?.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
        expect(JSON.stringify(response.body.errors)).toContain('sortField');
      }
    });

    it('the console’s donations, in one query with their count, refuse odd paging with a 400 too', async () => {
      for (const [args, field] of [['perPage: -5', 'perPage'], ['page: -1', 'page'], ['sortField: "buyer.email; --"', 'sortField'], ['page: 2147483647, perPage: 1000', '']]) {
        const response = await gqlOn(a, `{ allDonations(${args}) { id } _allDonationsMeta(${args}) { count } }`, `Bearer ${adminOnA}`);
        expect(response.status).toBeLessThan(500);
        const codes = (response.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
        expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
        if (field) expect(JSON.stringify(response.body.errors ?? [])).toContain(field);
        else expect(response.body.data._allDonationsMeta.count).toBeGreaterThanOrEqual(0);
      }
    });

    it('legacy paths answer odd ids with a 400 naming them, never a 500', async () => {
      const member = await a.member();
      for (const id of ['99999999999', 'constructor', '__proto__', '-1', '1e3', '%27%20OR%201%3D1']) {
        for (const path of [`/api/prayer-request/${id}/my-prayer-requests`, `/api/all-posts-by-category/${id}`, `/api/testimonies/${id}/2/my-testimonies`]) {
          const response = await a.http.get(path).set('authorization', `Bearer ${member.token}`);
          expect({ path, status: response.status < 500 }).toEqual({ path, status: true });
        }
      }
    });
  });
});
