import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { startTestApp, TestApp } from './support/test-app.js';

const VIDEOS = '{ allVideos(perPage: 20) { id title } }';

function get(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('visitors’ answers keep to RFC 9110/9111 where they already do', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('gives a kept answer an Age in whole seconds, no Warning, and a 304 with the headers a 200 would carry', async () => {
    let kept: Awaited<ReturnType<typeof get>> | undefined;
    for (let round = 0; round < 20 && !kept; round++) {
      const answer = await get(t.baseUrl, '/api/all-videos', { 'accept-encoding': 'gzip' });
      if (answer.headers.age !== undefined) kept = answer;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept?.headers.age).toMatch(/^\d+$/);
    expect(kept?.headers.warning).toBeUndefined();
    expect(kept?.headers.vary).toMatch(/Authorization/);
    expect(kept?.headers.vary).toMatch(/Accept-Encoding/);
    // RFC 9110 15.4.5: a 304 carries the ETag, Vary and Cache-Control a 200 to the same request would.
    const fresh = await get(t.baseUrl, '/api/all-videos', { 'accept-encoding': 'gzip', 'if-none-match': String(kept?.headers.etag) });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.etag).toBe(kept?.headers.etag);
    expect(fresh.headers.vary).toBe(kept?.headers.vary);
    expect(fresh.headers['cache-control']).toBe(kept?.headers['cache-control']);
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
});
