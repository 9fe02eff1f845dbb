import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type RequestHandler } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Callers } from '../src/http-cache/callers.js';
import { fastPath } from '../src/http-cache/fast-path.js';
import { pageCache } from '../src/http-cache/page-cache.js';
import { PublicReadCache } from '../src/http-cache/public-read-cache.js';
import { startDatabaseProxy } from './support/database-proxy.js';
import { expectFromCache } from './support/read-cache.js';
import { startTestApp, TestApp } from './support/test-app.js';

const SECONDS = 1;
const VISITORS = `public, max-age=60, s-maxage=${SECONDS}, stale-while-revalidate=60, stale-if-error=86400`;
const VIDEOS = '{ allVideos(perPage: 20) { id title } }';
/** A 503, or the whole answer that came instead: what answered, if not the outage, is the clue. */
const expectOutage = ({ status, body }: { status: number; body: unknown }) => expect(status === 503 ? 503 : `${status} ${JSON.stringify(body)}`).toBe(503);
const expired = () => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000 + 200));

describe('a visitor’s copy seen before answers while the database is away, and while it is renewed', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let site: Server;
  let page: ReturnType<typeof request>;
  let renders = 0;

  beforeAll(async () => {
    proxy = await startDatabaseProxy(process.env.TEST_POSTGRES_URL!);
    t = await startTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '500', PUBLIC_CACHE_SECONDS: String(SECONDS) }, { databasePort: proxy.port });
    await t.db.query(`INSERT INTO videos (title, video) VALUES ('Kept while away', 'dQw4w9WgXcQ')`);
    // The app's own fast path and page cache in front of a stand-in for React Router (the web app is not built for
    // these tests) that reads the real database, and answers 503 as the web app does when it cannot.
    const render: RequestHandler = (_req, res) => {
      const rendered = ++renders;
      t.db.query('SELECT count(*)::int AS n FROM videos').then(
        ([{ n }]: { n: number }[]) => void res.setHeader('content-security-policy', "script-src 'nonce-n'").type('html').end(`<p>${n} videos, render ${rendered}</p>`),
        () => void res.status(503).setHeader('Retry-After', '5').type('text/plain').end('The site is briefly unavailable.'),
      );
    };
    const pages = express().set('trust proxy', 1);
    pages.use((_req, res, next) => ((res.locals.cspNonce = 'n'), next()));
    pages.use(pageCache(t.app.get(PublicReadCache), render));
    site = createServer(fastPath(t.app.get(PublicReadCache), t.app.get(Callers), pages));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    page = request(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    proxy.set('up');
    await new Promise((resolve) => site.close(resolve));
    await t.close();
    await proxy.close();
  });

  it('tells browsers and CDNs how long to keep, renew and fall back on a visitor’s answer, and keeps personal ones private', async () => {
    const list = await t.http.get('/api/all-videos').expect(200);
    expect(list.headers['cache-control']).toBe(VISITORS);
    expect(list.headers.age).toBeUndefined();
    expect((await t.http.get('/api/all-videos').expect(200)).headers['cache-control']).toBe(VISITORS);
    const query = await t.http.post('/graphql').send({ query: VIDEOS }).expect(200);
    expect(query.headers['cache-control']).toBe(VISITORS);
    const first = await page.get('/about').expect(200);
    // A browser revalidates a page (a new release's assets); a CDN keeps it as the server does.
    expect(first.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${SECONDS}, stale-while-revalidate=60, stale-if-error=86400`);

    const token = await t.adminToken();
    const signedIn = await t.http.post('/graphql').set('authorization', `Bearer ${token}`).send({ query: VIDEOS }).expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const adminList = await t.http.get('/api/all-videos').set('authorization', `Bearer ${token}`).expect(200);
    expect(adminList.headers['cache-control']).toBe('private, no-cache');
  });

  it('renews an expired page with one render while the visitors arriving meanwhile get the copy at once', async () => {
    const cache = t.app.get(PublicReadCache);
    // The start-up's writes reach the cache as notifications a moment later, emptying it: then the round is run again.
    for (let round = 1; ; round++) {
      await page.get(`/programs?page=${round}`).expect(200);
      await expired();
      if (!cache.size().entries && round < 5) continue;
      const before = renders;
      const answers = await Promise.all(Array.from({ length: 8 }, () => page.get(`/programs?page=${round}`).expect(200)));
      expect(renders - before).toBe(1);
      // The renewal is the one answer the slow path sent; every other came from the cache, with its Age.
      expect(answers.filter((answer) => answer.headers.age === undefined)).toHaveLength(1);
      return;
    }
  });

  it('answers an expired list, query and page from the copy kept, with its Age, instead of 503; never one not seen before', async () => {
    const list = await t.http.get('/api/all-books').expect(200);
    const query = await t.http.post('/graphql').send({ query: VIDEOS }).expect(200);
    const about = await page.get('/visit').expect(200);
    const token = await t.adminToken();
    await expired();
    proxy.set('down');
    try {
      // Twice each: the first request tries to renew it and fails, the next is answered without trying.
      for (let round = 1; round <= 2; round++) {
        const staleList = await t.http.get('/api/all-books').expect(200);
        expect(staleList.body).toEqual(list.body);
        const staleQuery = await t.http.post('/graphql').send({ query: VIDEOS }).expect(200);
        expect(staleQuery.body).toEqual(query.body);
        expect(staleQuery.body.data.allVideos.map((video: { title: string }) => video.title)).toContain('Kept while away');
        const stalePage = await page.get('/visit').expect(200);
        expect(stalePage.text).toBe(about.text);
        for (const stale of [staleList, staleQuery, stalePage]) {
          expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(SECONDS);
          expect(stale.headers['cache-control']).toMatch(/stale-if-error=86400/);
          expect(stale.headers.warning).toBeUndefined();
          expect(stale.headers['retry-after']).toBeUndefined();
        }
      }

      const unseen = await page.get('/never-seen').expect(503);
      expect(unseen.headers['retry-after']).toBe('5');
      const unseenQuery = await t.http.post('/graphql').send({ query: '{ allVideos(perPage: 19) { id } }' });
      expectOutage(unseenQuery);
      expect(unseenQuery.headers['retry-after']).toBe('5');
      // A signed-in caller is never answered what visitors share, stale or not.
      expectOutage(await t.http.post('/graphql').set('authorization', `Bearer ${token}`).send({ query: VIDEOS }));
      expectOutage(await t.http.get('/api/all-books').set('authorization', `Bearer ${token}`));
    } finally {
      proxy.set('up');
    }
  });
});

describe('with PUBLIC_CACHE_SECONDS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_CACHE_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('keeps no visitor’s answer and lets no shared cache keep one', async () => {
    const cache = t.app.get(PublicReadCache);
    await expect(expectFromCache(t, () => t.gql(VIDEOS), () => t.gql(VIDEOS))).rejects.toThrow(/did not come from the cache/);
    await expect(expectFromCache(t, async () => (await t.http.get('/api/all-videos').expect(200)).body, async () => (await t.http.get('/api/all-videos').expect(200)).body)).rejects.toThrow(
      /did not come from the cache/,
    );
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    const query = await t.http.post('/graphql').send({ query: VIDEOS }).expect(200);
    expect(query.headers['cache-control']).toBe('public, max-age=60, s-maxage=0');
    expect(query.headers.age).toBeUndefined();
  });
});
