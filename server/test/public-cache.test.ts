import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { PublicReadCache } from '../src/http-cache/public-read-cache.js';
import { expectFromCache } from './support/read-cache.js';
import { startTestApp, TestApp } from './support/test-app.js';

const VIDEOS = '{ allVideos(perPage: 50) { id title } }';
/** A browser keeps a visitor's answer a minute; a shared cache five seconds, then stale while renewed or on error. */
const VISITORS = 'public, max-age=60, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400';

describe('public read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers visitors from a short-lived cache, never signed-in callers, and forgets it on any write', async () => {
    const admin = await t.adminToken();
    // A row written behind the application's back shows which answers come from the cache.
    const behind = await expectFromCache(
      t,
      () => t.gql(VIDEOS),
      () => t.gql(VIDEOS),
    );
    const signedIn = await t.gql(VIDEOS, {}, admin);
    expect(signedIn.data.allVideos.map((v: { title: string }) => v.title)).toContain(behind);

    const created = await t.http
      .post('/api/add-video')
      .set('authorization', `Bearer ${await t.adminToken()}`)
      .send({ title: 'Sunday message', video: 'https://youtu.be/dQw4w9WgXcQ' })
      .expect(201);
    expect(created.body.title).toBe('Sunday message');
    const after = await t.gql(VIDEOS);
    expect(after.data.allVideos.map((v: { title: string }) => v.title)).toEqual(expect.arrayContaining(['Sunday message', behind]));
  });
  it('keeps its answers through sign-ins, failed ones, logouts and the audit trail, which no visitor reads', async () => {
    const member = await t.member();
    const behind = await expectFromCache(
      t,
      () => t.gql(VIDEOS),
      () => t.gql(VIDEOS),
    );
    const cache = t.app.get(PublicReadCache);
    const kept = cache.size().entries;

    await t.http.post('/api/login').set('x-forwarded-for', '198.51.100.90').send({ email: member.email, password: 'not-the-password' }).expect(401);
    const { token } = (
      await t.http.post('/api/login').set('x-forwarded-for', '198.51.100.91').send({ email: member.email, password: member.password }).expect(200)
    ).body;
    await t.gql('mutation { logout }', {}, token);
    await t.gql('{ exportMyData { exportedAt } }', {}, member.token);

    expect(cache.size().entries).toBe(kept);
    expect((await t.gql(VIDEOS)).data.allVideos.map((v: { title: string }) => v.title)).not.toContain(behind);
  });
});

describe('public legacy list cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Enough books for a list worth compressing (1 KB and more); a smaller answer is sent as it is.
    for (let n = 1; n <= 12; n++) {
      await t.db.query(`INSERT INTO books (title, price_pence, currency, description) VALUES ($1, 1250, 'GBP', 'Devotions for every morning')`, [
        `Daily bread ${n}`,
      ]);
    }
  });
  afterAll(() => t.close());

  it('serves visitors the stored list with an ETag, never signed-in callers, and forgets it on a write', async () => {
    const token = await t.adminToken();
    const first = await t.http.get('/api/all-videos').expect(200);
    expect(first.headers['cache-control']).toBe(VISITORS);
    expect(first.headers.etag).toBeDefined();
    await t.http.get('/api/all-videos').set('if-none-match', first.headers.etag).expect(304);

    const list = async () => (await t.http.get('/api/all-videos').expect(200)).body;
    const behind = await expectFromCache(t, list, list);
    const admin = await t.http.get('/api/all-videos').set('authorization', `Bearer ${token}`).expect(200);
    expect(admin.headers['cache-control']).toBe('private, no-cache');
    expect(admin.body.map((v: { title: string }) => v.title)).toContain(behind);

    await t.http
      .post('/api/add-video')
      .set('authorization', `Bearer ${await t.adminToken()}`)
      .send({ title: 'Evening prayer', video: 'dQw4w9WgXcQ' })
      .expect(201);
    const after = await t.http.get('/api/all-videos').expect(200);
    expect(after.body.map((v: { title: string }) => v.title)).toEqual(expect.arrayContaining(['Evening prayer', behind]));
  });

  it('answers a repeated visitor read from the fast path: the same headers, the body compressed as the browser asks', async () => {
    const first = await t.http.get('/api/all-books').set('accept-encoding', 'identity').expect(200);
    const again = await t.http.get('/api/all-books').set('accept-encoding', 'br, gzip').expect(200);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cache-control', 'content-type']) {
      expect({ name, value: again.headers[name] }).toEqual({ name, value: first.headers[name] });
    }
    expect(again.headers['content-encoding']).toBe('br');
    // The same validator, naming the coding: a strong ETag differs with the bytes sent (RFC 9110 8.8.1).
    expect(again.headers.etag).toBe(first.headers.etag.replace(/"$/, '-br"'));
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
    expect(again.body).toEqual(first.body);
    const gzip = await t.http.get('/api/all-books').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(first.headers.etag.replace(/"$/, '-gz"'));
    expect(gzip.body).toEqual(first.body);
  });
});

describe('GraphQL over GET, persisted queries and conditional requests', () => {
  let t: TestApp;
  const hash = createHash('sha256').update(VIDEOS).digest('hex');
  const persisted = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } });
  // Apollo's CSRF prevention admits a GET that carries this header (a browser cannot send it cross-site unasked).
  const get = (query: Record<string, string>) => t.http.get('/graphql').query(query).set('apollo-require-preflight', 'true');

  beforeAll(async () => {
    t = await startTestApp();
    // Enough videos for answers worth compressing (1 KB and more), and fewer than the 30 a page below asks for.
    for (let n = 1; n <= 20; n++) {
      await t.db.query(`INSERT INTO videos (title, video) VALUES ($1, 'dQw4w9WgXcQ')`, [`Sermon ${n}: hope and grace in hard times`]);
    }
  });
  afterAll(() => t.close());

  it('answers an unknown persisted query PERSISTED_QUERY_NOT_FOUND, then runs it by hash once registered', async () => {
    const unknown = await get({ extensions: persisted });
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const registered = await t.http
      .post('/graphql')
      .send({ query: VIDEOS, extensions: JSON.parse(persisted) })
      .expect(200);
    expect(registered.body.errors).toBeUndefined();
    const byHash = await get({ extensions: persisted }).expect(200);
    expect(byHash.body).toEqual(registered.body);
  });

  it('lets browsers and proxies keep a visitor query, with a strong ETag that a matching If-None-Match turns into 304', async () => {
    const first = await get({ query: VIDEOS }).expect(200);
    expect(first.headers['cache-control']).toBe(VISITORS);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await get({ query: VIDEOS }).set('if-none-match', first.headers.etag).expect(304);
    expect(again.text).toBe('');
  });

  it('never lets anything with a token be kept, and never keeps a mutation', async () => {
    const signedIn = await get({ query: VIDEOS })
      .set('authorization', `Bearer ${await t.adminToken()}`)
      .expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const mutation = await t.http.post('/graphql').send({ query: 'mutation { logout }' });
    expect(mutation.headers['cache-control']).toBe('private, no-store');
    const refused = await get({ query: 'mutation { logout }' });
    expect(refused.status).toBe(405);
  });

  // The slow path gives every answer a fresh CSP nonce, so an identical policy shows the fast path answered.
  it('answers a visitor query repeated by POST or GET from the fast path, with the first answer and its headers', async () => {
    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Morning prayer', 'dQw4w9WgXcQ')`);
    const query = '{ allVideos(perPage: 30) { id title } }';
    const first = await t.http.post('/graphql').send({ query }).expect(200);
    const again = await t.http.post('/graphql').send({ query }).set('accept-encoding', 'gzip').expect(200);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['cache-control']).toBe(VISITORS);
    expect(again.body).toEqual(first.body);

    const other = await t.http.post('/graphql').send({ query: '{ allVideos(perPage: 31) { id } }' }).expect(200);
    expect(other.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    expect(other.body.data.allVideos).toEqual(first.body.data.allVideos.map(({ id }: { id: string }) => ({ id })));
    expect(first.body.data.allVideos.length).toBeGreaterThan(0);

    const byGet = await get({ query }).expect(200);
    const byGetAgain = await get({ query }).expect(200);
    expect(byGetAgain.headers['content-security-policy']).toBe(byGet.headers['content-security-policy']);
    // Both paths send it gzipped, under the same tag, which names the coding.
    expect([byGet.headers.etag, byGetAgain.headers.etag]).toEqual([expect.stringMatching(/-gz"$/), byGet.headers.etag]);
    await get({ query }).set('if-none-match', byGet.headers.etag).expect(304);
  });

  it('renews an expired answer with one request while the others still get it', async () => {
    const query = '{ allVideos(perPage: 28) { id title } }';
    const first = await t.http.post('/graphql').send({ query }).expect(200);
    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Written while cached', 'dQw4w9WgXcQ')`);
    await new Promise((resolve) => setTimeout(resolve, t.config.publicCacheSeconds * 1000 + 100));

    const answers = await Promise.all(Array.from({ length: 6 }, () => t.http.post('/graphql').send({ query }).expect(200)));
    const after = await t.http.post('/graphql').send({ query }).expect(200);
    const titles = (answer: typeof first) => answer.body.data.allVideos.map((video: { title: string }) => video.title);
    // One policy for the old answer, one for the renewed one: a second renewal would have brought a third.
    const policies = new Set([first, ...answers, after].map((answer) => answer.headers['content-security-policy']));
    expect(policies.size).toBe(2);
    expect(titles(after)).toContain('Written while cached');
    for (const answer of answers) {
      const renewed = answer.headers['content-security-policy'] === after.headers['content-security-policy'];
      expect(titles(answer).includes('Written while cached')).toBe(renewed);
    }
  });

  it('keeps an answer per Accept, and never answers a token, a mutation or an error from the fast path', async () => {
    const query = '{ allVideos(perPage: 29) { id } }';
    const json = await t.http.post('/graphql').send({ query }).expect(200);
    const graphqlJson = await t.http.post('/graphql').set('accept', 'application/graphql-response+json').send({ query }).expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(graphqlJson.headers['content-type']).toMatch(/^application\/graphql-response\+json/);

    const token = await t.adminToken();
    const signedIn = [];
    for (let i = 0; i < 2; i++) signedIn.push(await t.http.post('/graphql').set('authorization', `Bearer ${token}`).send({ query }).expect(200));
    expect(signedIn[1].headers['content-security-policy']).not.toBe(signedIn[0].headers['content-security-policy']);
    expect(signedIn[1].headers['cache-control']).toBe('private, no-store');

    const refused = [];
    for (let i = 0; i < 2; i++) refused.push(await t.http.post('/graphql').send({ query: '{ allVideos(perPage: 29) { nope } }' }));
    expect(refused[1].headers['content-security-policy']).not.toBe(refused[0].headers['content-security-policy']);
    expect(refused[1].body.errors[0].message).toMatch(/nope/);
  });

  it('answers a query sent by hash alone from the same cache as its full text', async () => {
    const query = '{ allVideos(perPage: 40) { id title } }';
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') } };
    const registered = await t.http.post('/graphql').send({ query, extensions }).expect(200);
    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Written behind the cache', 'dQw4w9WgXcQ')`);
    const byHash = await get({ extensions: JSON.stringify(extensions) }).expect(200);
    expect(byHash.body).toEqual(registered.body);
  });
});
