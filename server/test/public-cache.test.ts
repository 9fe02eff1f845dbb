import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { startTestApp, TestApp } from './support/test-app.js';

const VIDEOS = '{ allVideos(perPage: 50) { id title } }';

describe('public read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers visitors from a short-lived cache, never signed-in callers, and forgets it on any write', async () => {
    const before = await t.gql(VIDEOS);
    expect(before.errors).toBeUndefined();

    // A row written behind the application's back shows which answers come from the cache.
    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Written behind the cache', 'dQw4w9WgXcQ')`);
    const visitor = await t.gql(VIDEOS);
    expect(visitor.data.allVideos).toEqual(before.data.allVideos);
    const admin = await t.gql(VIDEOS, {}, await t.adminToken());
    expect(admin.data.allVideos.map((v: { title: string }) => v.title)).toContain('Written behind the cache');

    const created = await t.http
      .post('/api/add-video')
      .set('authorization', `Bearer ${await t.adminToken()}`)
      .send({ title: 'Sunday message', video: 'https://youtu.be/dQw4w9WgXcQ' })
      .expect(201);
    expect(created.body.title).toBe('Sunday message');
    const after = await t.gql(VIDEOS);
    expect(after.data.allVideos.map((v: { title: string }) => v.title)).toEqual(expect.arrayContaining(['Sunday message', 'Written behind the cache']));
  });
});

describe('public legacy list cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves visitors the stored list with an ETag, never signed-in callers, and forgets it on a write', async () => {
    const first = await t.http.get('/api/all-videos').expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.etag).toBeDefined();
    await t.http.get('/api/all-videos').set('if-none-match', first.headers.etag).expect(304);

    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Written behind the cache', 'dQw4w9WgXcQ')`);
    const visitor = await t.http.get('/api/all-videos').expect(200);
    expect(visitor.body).toEqual(first.body);
    const admin = await t.http.get('/api/all-videos').set('authorization', `Bearer ${await t.adminToken()}`).expect(200);
    expect(admin.headers['cache-control']).toBe('private, no-cache');
    expect(admin.body.map((v: { title: string }) => v.title)).toContain('Written behind the cache');

    await t.http.post('/api/add-video').set('authorization', `Bearer ${await t.adminToken()}`).send({ title: 'Evening prayer', video: 'dQw4w9WgXcQ' }).expect(201);
    const after = await t.http.get('/api/all-videos').expect(200);
    expect(after.body.map((v: { title: string }) => v.title)).toEqual(expect.arrayContaining(['Evening prayer', 'Written behind the cache']));
  });

  it('answers a repeated visitor read from the fast path: the same headers, the body compressed as the browser asks', async () => {
    const first = await t.http.get('/api/all-books').set('accept-encoding', 'identity').expect(200);
    const again = await t.http.get('/api/all-books').set('accept-encoding', 'br, gzip').expect(200);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cache-control', 'content-type', 'etag']) {
      expect({ name, value: again.headers[name] }).toEqual({ name, value: first.headers[name] });
    }
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
    expect(again.body).toEqual(first.body);
    const gzip = await t.http.get('/api/all-books').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
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
  });
  afterAll(() => t.close());

  it('answers an unknown persisted query PERSISTED_QUERY_NOT_FOUND, then runs it by hash once registered', async () => {
    const unknown = await get({ extensions: persisted });
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const registered = await t.http.post('/graphql').send({ query: VIDEOS, extensions: JSON.parse(persisted) }).expect(200);
    expect(registered.body.errors).toBeUndefined();
    const byHash = await get({ extensions: persisted }).expect(200);
    expect(byHash.body).toEqual(registered.body);
  });

  it('lets browsers and proxies keep a visitor query, with a strong ETag that a matching If-None-Match turns into 304', async () => {
    const first = await get({ query: VIDEOS }).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await get({ query: VIDEOS }).set('if-none-match', first.headers.etag).expect(304);
    expect(again.text).toBe('');
  });

  it('never lets anything with a token be kept, and never keeps a mutation', async () => {
    const signedIn = await get({ query: VIDEOS }).set('authorization', `Bearer ${await t.adminToken()}`).expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const mutation = await t.http.post('/graphql').send({ query: 'mutation { logout }' });
    expect(mutation.headers['cache-control']).toBe('private, no-store');
    const refused = await get({ query: 'mutation { logout }' });
    expect(refused.status).toBe(405);
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
