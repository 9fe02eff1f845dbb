import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, TestApp } from './support/test-app.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as the bytes that were sent (supertest and fetch decode the body and hide the coding). */
function raw(base: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decoded = ({ headers, body }: Raw) =>
  (headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');

const MEMBER_READ = JSON.stringify({
  query: '{ allPosts(perPage: 30) { id name slug excerpt createdAt } allVideos(perPage: 30) { id title video createdAt } }',
});

describe('signed-in answers sent whole, compressed in one call (production mode)', () => {
  let t: TestApp;
  let member: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' });
    for (let n = 1; n <= 30; n++) {
      await t.db.query(`INSERT INTO videos (title, video) VALUES ($1, 'dQw4w9WgXcQ')`, [`Message ${n}: “hope” & <grace> ${'é'.repeat(n)}`]);
    }
    member = (await t.member()).token;
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('decode to exactly what the identity answer holds, for every coding and caller, with their length, Vary and a private Cache-Control', async () => {
    for (const token of [member, admin]) {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const identity = await raw(t.baseUrl, '/graphql', { ...headers, 'accept-encoding': 'identity' }, MEMBER_READ);
      expect(identity.status).toBe(200);
      expect(identity.body.length).toBeGreaterThan(1024);
      for (const [accepted, coding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const answer = await raw(t.baseUrl, '/graphql', { ...headers, 'accept-encoding': accepted }, MEMBER_READ);
        expect([answer.status, answer.headers['content-encoding'], answer.headers['transfer-encoding']]).toEqual([200, coding, undefined]);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(answer.headers['cache-control']).toBe('private, no-store');
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
        expect(decoded(answer)).toBe(identity.body.toString('utf8'));
      }
    }
  });

  it('give a signed-in legacy list a coded ETag that a repeat with the tag turns into 304', async () => {
    const headers = { authorization: `Bearer ${admin}`, 'accept-encoding': 'br' };
    const first = await raw(t.baseUrl, '/api/all-videos', headers);
    expect([first.status, first.headers['content-encoding']]).toEqual([200, 'br']);
    expect(first.headers.etag).toMatch(/-br"$/);
    expect(JSON.parse(decoded(first))).toEqual(expect.arrayContaining([expect.objectContaining({ title: expect.stringContaining('“hope” & <grace>') })]));
    const again = await raw(t.baseUrl, '/api/all-videos', { ...headers, 'if-none-match': String(first.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('leave refusals as they were: a bad token and bad input answer their status and body whatever the coding', async () => {
    const badToken = { 'content-type': 'application/json', authorization: 'Bearer not.a.token', 'accept-encoding': 'br' };
    const refused = await raw(t.baseUrl, '/api/all-prayer-requests', badToken);
    expect(refused.status).toBe(401);
    const badInput = JSON.stringify({ query: `{ allVideos(perPage: 30, filter: { q: "${'q'.repeat(2000)}" }) { id } }` });
    const answer = await raw(
      t.baseUrl,
      '/graphql',
      { 'content-type': 'application/json', authorization: `Bearer ${member}`, 'accept-encoding': 'br' },
      badInput,
    );
    expect(JSON.parse(decoded(answer)).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
