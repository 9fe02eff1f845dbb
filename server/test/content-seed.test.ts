import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ADMIN, startTestApp, TestApp } from './support/test-app.js';

describe('demo content of a fresh install', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  const image = async (url: string) => {
    const response = await t.http.get(url).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    return sharp(response.body as Buffer).metadata();
  };

  it('fills the site settings with the demo organisation details', async () => {
    const { data } = await t.gql('{ siteSettings { name phone phoneUri postcode emails { address } weeklySchedule { day opens closes } pastors { name } } }');
    expect(data.siteSettings).toMatchObject({ name: 'Grace Harbour Ministry', phone: '020 7946 0123', phoneUri: 'tel:+442079460123', postcode: 'E1 7AA' });
    expect(data.siteSettings.emails).toHaveLength(5);
    expect(data.siteSettings.weeklySchedule[0]).toEqual({ day: 'Sunday', opens: '10:00', closes: '12:30' });
    expect(data.siteSettings.pastors.map((p: { name: string }) => p.name)).toEqual(['Pastor Daniel Mensah', 'Pastor Ruth Mensah']);
  });

  it('fills every home page block with posts, videos, images and books whose pictures exist', async () => {
    const { data, errors } = await t.gql(`{
      slides: allSliderImages(sortField: "position", sortOrder: "ASC", perPage: 10) { title image imageWidth imageHeight }
      visit: allVisitImages(perPage: 1) { image imageWidth imageHeight }
      meeting: allMeetingImages(perPage: 1) { zoomId password image }
      programs: allPosts(filter: { categoryId: 1 }, perPage: 4) { name excerpt image imageSrcSet }
      testimonies: allPosts(filter: { categoryId: 2 }, perPage: 8) { name status }
      videos: allVideos(perPage: 8) { title video poster }
      blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { name body image }
      books: allBooks { title price currency image }
    }`);
    expect(errors).toBeUndefined();
    expect(data.slides).toHaveLength(3);
    expect(data.slides[0]).toMatchObject({ imageWidth: 1500, imageHeight: 400 });
    expect(data.visit[0]).toMatchObject({ imageWidth: 700, imageHeight: 800 });
    expect(data.meeting[0]).toMatchObject({ zoomId: expect.any(String), password: null });
    expect(data.programs).toHaveLength(4);
    expect(data.programs[0].name).toBe('Sunday Celebration Service');
    expect(data.programs[0].excerpt.length).toBeGreaterThan(40);
    expect(data.testimonies.length).toBeGreaterThanOrEqual(5);
    expect(data.testimonies.every((p: { status: string }) => p.status === 'Authorised')).toBe(true);
    expect(data.videos.length).toBeGreaterThanOrEqual(3);
    expect(data.videos.every((v: { video: string }) => /^[A-Za-z0-9_-]{11}$/.test(v.video))).toBe(true);
    expect(data.blog.length).toBeGreaterThanOrEqual(3);
    expect(data.books.map((b: { price: number; currency: string }) => [b.price, b.currency])).toEqual([
      [12.99, 'GBP'],
      [9.5, 'GBP'],
      [15, 'GBP'],
    ]);

    expect(await image(data.slides[0].image)).toMatchObject({ format: 'webp', width: 1500, height: 400 });
    expect(await image(data.visit[0].image)).toMatchObject({ format: 'webp', width: 700, height: 800 });
    expect((await image(data.videos[0].poster)).format).toBe('webp');
    expect((await image(data.books[0].image)).format).toBe('webp');
    expect((await image(data.meeting[0].image)).format).toBe('webp');

    const pending = await t.gql('{ allPosts(filter: { categoryId: 2, status: UnAuthorised }) { name } }', {}, await t.adminToken());
    expect(pending.data.allPosts.length).toBeGreaterThanOrEqual(1);
  });

  it('seeds a staff account per role that signs in with the demo staff password the README gives, never the admin’s', async () => {
    const accounts = { 'pastor@example.org': 'Pastor', 'prayer@example.org': 'PrayerTeam', 'editor@example.org': 'Editor', 'finance@example.org': 'Finance', 'events@example.org': 'EventsTeam' };
    for (const [email, role] of Object.entries(accounts)) {
      const signedIn = await t.http.post('/api/admin-login').send({ email, password: 'demo-staff-password' }).expect(200);
      expect(signedIn.body.users.role).toBe(role);
      expect((await t.http.post('/api/admin-login').send({ email, password: ADMIN.password })).status).not.toBe(200);
    }
  });

  it('seeds once: a restart on the same database adds nothing', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS count FROM posts'))[0].count;
    const { SeedService } = await import('../src/seed/seed.service.js');
    await t.app.get(SeedService).onApplicationBootstrap();
    expect((await t.db.query('SELECT count(*)::int AS count FROM posts'))[0].count).toBe(before);
  });
});
