import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { PublicReadCache } from '../src/http-cache/public-read-cache.js';
import { Video } from '../src/content/videos/video.entity.js';
import { startDatabaseProxy } from './support/database-proxy.js';
import { ADMIN, startTestApp, TestApp } from './support/test-app.js';

const VIDEOS = '{ allVideos(perPage: 50) { id title } }';
const titles = (list: { title: string }[]) => list.map((v) => v.title);

/** Signing in again ends the admin's earlier sessions, so each write signs in on the instance it uses. */
const adminToken = async (t: TestApp) => (await t.http.post('/api/admin-login').send(ADMIN).expect(200)).body.token as string;

/** Asks until `check` passes, for at most a couple of seconds. */
async function eventually(check: () => Promise<void>, deadlineMs = 3_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

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
    // Both answers cached on B; a row written behind the application's back shows they come from the cache.
    const graphql = await b.gql(VIDEOS);
    expect(graphql.errors).toBeUndefined();
    const legacy = await b.http.get('/api/all-videos').expect(200);
    await b.db.query(`INSERT INTO videos (title, video) VALUES ('Written behind the cache', 'dQw4w9WgXcQ')`);
    expect((await b.gql(VIDEOS)).data.allVideos).toEqual(graphql.data.allVideos);
    expect((await b.http.get('/api/all-videos').expect(200)).body).toEqual(legacy.body);
    // Signed-in callers are never answered from the cache.
    expect(titles((await b.gql(VIDEOS, {}, tokenB)).data.allVideos)).toContain('Written behind the cache');

    await a.http.post('/api/add-video').set('authorization', `Bearer ${tokenA}`).send({ title: 'Written on A', video: 'dQw4w9WgXcQ' }).expect(201);

    await eventually(async () => {
      expect(titles((await b.gql(VIDEOS)).data.allVideos)).toEqual(expect.arrayContaining(['Written on A', 'Written behind the cache']));
      expect(titles((await b.http.get('/api/all-videos').expect(200)).body)).toEqual(expect.arrayContaining(['Written on A', 'Written behind the cache']));
    });
  });

  it('a burst of writes on the other instance reaches this one too', async () => {
    const token = await adminToken(b);
    await a.gql(VIDEOS);
    for (const title of ['Burst one', 'Burst two', 'Burst three']) {
      await b.http.post('/api/add-video').set('authorization', `Bearer ${token}`).send({ title, video: 'dQw4w9WgXcQ' }).expect(201);
    }
    await eventually(async () => {
      expect(titles((await a.gql(VIDEOS)).data.allVideos)).toEqual(expect.arrayContaining(['Burst one', 'Burst two', 'Burst three']));
    });
  });

  it('empties the cache once it listens again after losing the database, since notifications were missed', async () => {
    await b.gql(VIDEOS);
    const cachedAt = Date.now();
    await b.db.query(`INSERT INTO videos (title, video) VALUES ('Behind the cache again', 'dQw4w9WgXcQ')`);
    expect(titles((await b.gql(VIDEOS)).data.allVideos)).not.toContain('Behind the cache again');

    proxy.set('down');
    // Straight through A's TypeORM: both apps share this process, where Passport keeps one (B's) token check.
    await a.db.getRepository(Video).save({ title: 'Written while B was away', video: 'dQw4w9WgXcQ' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.set('up');

    // Well before the cached answer would expire on its own.
    await eventually(async () => {
      expect(titles((await b.gql(VIDEOS)).data.allVideos)).toEqual(expect.arrayContaining(['Written while B was away']));
    }, cachedAt + PublicReadCache.TTL_MS - 1_000 - Date.now());
  });
});
