import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expectFromCache } from './support/read-cache.js';
import { startTestApp, TestApp } from './support/test-app.js';

const VIDEOS = '{ allVideos(perPage: 20) { id title } }';
/** A visitor's query whose answer is large enough to be compressed whatever the seed. */
const SCHEMA_TYPES = '{ __schema { types { name description } } }';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as the bytes that were sent (supertest and fetch decode the body and hide the coding). */
function raw(base: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The public list as the fast path gives it, once it is kept (the start-up's notifications may empty it first). */
async function keptList(t: TestApp, encoding: string): Promise<Raw> {
  for (let round = 0; round < 20; round++) {
    const answer = await raw(t.baseUrl, '/api/all-videos', { 'accept-encoding': encoding });
    if (answer.headers.age !== undefined) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the list was never answered from the fast path');
}

describe('visitors’ answers keep to RFC 9110/9111', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Enough videos for a list worth compressing (1 KB and more); a smaller answer is sent as it is on every path.
    for (let n = 1; n <= 20; n++) {
      await t.db.query(`INSERT INTO videos (title, video) VALUES ($1, 'dQw4w9WgXcQ')`, [`Sermon ${n}: hope and grace in hard times`]);
    }
  });
  afterAll(() => t.close());

  it('gives a kept answer an Age in whole seconds, no Warning, and a 304 with the headers a 200 would carry', async () => {
    const kept = await keptList(t, 'gzip');
    expect(kept.headers.age).toMatch(/^\d+$/);
    expect(kept.headers.warning).toBeUndefined();
    expect(kept.headers.vary).toMatch(/Authorization/);
    expect(kept.headers.vary).toMatch(/Accept-Encoding/);
    // Nothing reads a cookie: varying by one would make a CDN keep a copy per visitor.
    expect(kept.headers.vary).not.toMatch(/Cookie/i);
    // RFC 9110 15.4.5: a 304 carries the ETag, Vary and Cache-Control a 200 to the same request would.
    const fresh = await raw(t.baseUrl, '/api/all-videos', { 'accept-encoding': 'gzip', 'if-none-match': String(kept.headers.etag) });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.etag).toBe(kept.headers.etag);
    expect(fresh.headers.vary).toBe(kept.headers.vary);
    expect(fresh.headers['cache-control']).toBe(kept.headers['cache-control']);
    expect(fresh.headers.date).toBeDefined();
  });

  it('never lets a shared cache keep a signed-in caller’s answer', async () => {
    const token = await t.adminToken();
    const query = await t.http.post('/graphql').set('authorization', `Bearer ${token}`).send({ query: VIDEOS }).expect(200);
    expect(query.headers['cache-control']).toBe('private, no-store');
    const list = await t.http.get('/api/all-videos').set('authorization', `Bearer ${token}`).expect(200);
    expect(list.headers['cache-control']).toMatch(/^private\b/);
    expect(list.headers['cache-control']).not.toMatch(/s-maxage|public/);
  });

  // RFC 9110 8.8.1/8.8.3: a strong validator changes whenever the representation data changes (a different
  // content coding is different data); only a weak one may be shared by equivalent representations.
  it('does not give one strong ETag to the brotli, gzip and identity bodies of the same answer', async () => {
    const answers = [await keptList(t, 'br'), await keptList(t, 'gzip'), await keptList(t, 'identity')];
    const codings = answers.map((a) => a.headers['content-encoding'] ?? 'identity');
    expect(new Set(codings).size).toBe(3);
    const etags = answers.map((a) => String(a.headers.etag));
    const shared = new Set(etags).size < etags.length;
    if (shared) expect(etags.every((etag) => etag.startsWith('W/'))).toBe(true);
  });

  it('names the coding in the ETag of a compressed answer Express validates, and answers it 304 to a query written anew', async () => {
    const path = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;
    const asked = { 'accept-encoding': 'gzip', 'apollo-require-preflight': 'true' };
    const first = await raw(t.baseUrl, path(SCHEMA_TYPES), asked);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.etag).toMatch(/-gz"$/);
    // Another spelling of the same query misses the fast path, so Express itself compares the validator.
    const again = await raw(t.baseUrl, path(SCHEMA_TYPES.replace('{ name', '{  name')), { ...asked, 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  // RFC 9110 13.1.2: If-None-Match is a list, compared with the weak comparison function.
  it('answers 304 to an If-None-Match that lists the current ETag among others, or gives it weak', async () => {
    const etag = String((await keptList(t, 'gzip')).headers.etag);
    const listed = await raw(t.baseUrl, '/api/all-videos', { 'accept-encoding': 'gzip', 'if-none-match': `"something-else", ${etag}` });
    expect(listed.status).toBe(304);
    const weak = await raw(t.baseUrl, '/api/all-videos', { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` });
    expect(weak.status).toBe(304);
  });

  // RFC 9111 4 / 5.1 and docs/api-contract.md ("one answered from the cache carries Age").
  it('gives Age with a visitor query answered from the read cache, not only from the fast path', async () => {
    const respaced = VIDEOS.replace('{ id', '{  id');
    let age: string | undefined = 'not read';
    await expectFromCache(
      t,
      () => t.gql(VIDEOS),
      async () => {
        const response = await t.http.post('/graphql').set('content-type', 'application/json').send({ query: respaced }).expect(200);
        age = response.headers.age;
        return response.body;
      },
    );
    expect(age).toBeDefined();
  });

  // nginx docs (upstream keepalive_timeout, default 60s): an idle upstream connection stays open that long. Node
  // closes an idle one after keepAliveTimeout (default 5 s): nginx may then send a request on a connection the
  // instance is closing, and a POST on it is not retried (proxy_next_upstream without non_idempotent): 502 → 503.
  it('keeps idle connections open longer than nginx keeps them for reuse', () => {
    const conf = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
    const upstream = conf.slice(conf.indexOf('upstream'), conf.indexOf('}'));
    const nginxSeconds = Number(/keepalive_timeout\s+(\d+)s?;/.exec(upstream)?.[1] ?? 60);
    const server = t.app.getHttpServer() as Server;
    expect(server.keepAliveTimeout).toBeGreaterThan(nginxSeconds * 1000);
  });
});
