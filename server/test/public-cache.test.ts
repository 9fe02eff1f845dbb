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
