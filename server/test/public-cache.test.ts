import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
    const after = await t.http.get('/api/all-videos').set('accept-encoding', 'gzip').expect(200);
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(after.body.map((v: { title: string }) => v.title)).toEqual(expect.arrayContaining(['Evening prayer', 'Written behind the cache']));
  });
});
