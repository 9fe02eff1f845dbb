import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { PublicReadCache } from '../src/http-cache/public-read-cache.js';
import { Video } from '../src/content/videos/video.entity.js';
import { startDatabaseProxy } from './support/database-proxy.js';
import { expectFromCache } from './support/read-cache.js';
import { ADMIN, startTestApp, TestApp } from './support/test-app.js';
import { untilPasses } from './support/eventually.js';

const VIDEOS = '{ allVideos(perPage: 50) { id title } }';
const titles = (list: { title: string }[]) => list.map((v) => v.title);

/** Signing in again ends the admin's earlier sessions, so each write signs in on the instance it uses. */
const adminToken = async (t: TestApp) => (await t.http.post('/api/admin-login').send(ADMIN).expect(200)).body.token as string;

/** An instance's two visitor reads of the videos: GraphQL and the legacy list. */
const videosOn = async (t: TestApp) => [(await t.gql(VIDEOS)).data, (await t.http.get('/api/all-videos').expect(200)).body];

/** Fills an instance's caches and shows it answers from them; answers the title written behind them. */
const cachedOn = (t: TestApp) => expectFromCache(t, () => videosOn(t), () => videosOn(t));

describe('public read cache across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  beforeAll(async () => {
    // Instances behind one load balancer share the database and the JWT secret.
    const shared = { JWT_SECRET: randomBytes(32).toString('base64') };
    a = await startTestApp(shared);
    // B reaches the database through a relay the test can cut, as a database restart would.
    proxy = await startDatabaseProxy(process.env.TEST_POSTGRES_URL!);
    b = await startTestApp(shared, { database: a.databaseName, databasePort: proxy.port });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy?.close();
  });

  it('empties every instance’s cache when any instance writes', async () => {
    // Signing in writes too (on the instance it reaches), so both sign in before anything is cached.
    const tokenA = await adminToken(a);
    const tokenB = await adminToken(b);
    const behind = await cachedOn(b);
    // Signed-in callers are never answered from the cache.
    expect(titles((await b.gql(VIDEOS, {}, tokenB)).data.allVideos)).toContain(behind);

    await a.http.post('/api/add-video').set('authorization', `Bearer ${tokenA}`).send({ title: 'Written on A', video: 'dQw4w9WgXcQ' }).expect(201);

    await untilPasses(async () => {
      expect(titles((await b.gql(VIDEOS)).data.allVideos)).toEqual(expect.arrayContaining(['Written on A', behind]));
      expect(titles((await b.http.get('/api/all-videos').expect(200)).body)).toEqual(expect.arrayContaining(['Written on A', behind]));
    });
  });

  it('a burst of writes on the other instance reaches this one too', async () => {
    const token = await adminToken(b);
    await a.gql(VIDEOS);
    for (const title of ['Burst one', 'Burst two', 'Burst three']) {
      await b.http.post('/api/add-video').set('authorization', `Bearer ${token}`).send({ title, video: 'dQw4w9WgXcQ' }).expect(201);
    }
    await untilPasses(async () => {
      expect(titles((await a.gql(VIDEOS)).data.allVideos)).toEqual(expect.arrayContaining(['Burst one', 'Burst two', 'Burst three']));
    });
  });

  it('empties the cache once it listens again after losing the database, since notifications were missed', async () => {
    const behind = await cachedOn(b);
    const cache = b.app.get(PublicReadCache);
    expect(cache.size().entries).toBeGreaterThan(0);

    proxy.set('down');
    // Straight through A's TypeORM: both apps share this process, where Passport keeps one (B's) token check.
    await a.db.getRepository(Video).save({ title: 'Written while B was away', video: 'dQw4w9WgXcQ' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.set('up');

    // Nothing reads B meanwhile, and an expired entry stays in the cache until read: only emptying it removes them.
    await untilPasses(async () => expect(cache.size().entries).toBe(0), 20_000);
    expect(titles((await b.gql(VIDEOS)).data.allVideos)).toEqual(expect.arrayContaining(['Written while B was away', behind]));
  });
});
