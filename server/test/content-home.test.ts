import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { SqlCounter } from '../src/database/sql-counter.js';
import { startTestApp, TestApp } from './support/test-app.js';

const POST = 'id name slug excerpt status image imageSrcSet imageWidth imageHeight category { id name } author { firstname lastname }';

/** The home page's data in one request, as in docs/api-contract.md ("Home page in one request"). */
const HOME = `{
  slides: allSliderImages(sortField: "position", sortOrder: "ASC", perPage: 10) { id title image imageSrcSet imageWidth imageHeight }
  visit: allVisitImages(perPage: 1) { id title image imageSrcSet imageWidth imageHeight }
  meeting: allMeetingImages(perPage: 1) { id zoomId password image imageSrcSet imageWidth imageHeight }
  programs: allPosts(filter: { categoryId: 1 }, perPage: 4) { ${POST} }
  testimonies: allPosts(filter: { categoryId: 2 }, perPage: 8) { ${POST} }
  videos: allVideos(perPage: 8) { id title video poster }
  blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { ${POST} }
}`;

describe('the home page query', () => {
  let t: TestApp;
  let admin: string;
  let member: Awaited<ReturnType<TestApp['member']>>;

  /** Runs the home query as a visitor and answers its data and the SQL statements it cost. */
  const home = async () => {
    const response = await t.http.post('/graphql').set('content-type', 'application/json').set('x-sql-count', '1').send({ query: HOME }).expect(200);
    expect(response.body.errors).toBeUndefined();
    const header = response.headers['x-sql-count'];
    expect(header).toMatch(/^\d+$/);
    return { data: response.body.data, sql: Number(header) };
  };

  const upload = async (purpose: string, color: string, width = 1600, height = 900) => {
    const data = await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
    const response = await t.http.post('/api/uploads').set('authorization', `Bearer ${admin}`).field('purpose', purpose).attach('image', data, 'p.png').expect(201);
    return response.body.url as string;
  };
  const create = async (mutation: string, variables: Record<string, unknown>) => {
    const result = await t.gql(mutation, variables, admin);
    expect(result.errors).toBeUndefined();
  };
  const addPosts = async (categoryId: number, names: string[], image: string, status = 'Authorised') => {
    for (const name of names) {
      await create('mutation($n: String!, $c: ID!, $i: String, $s: PostStatus) { createPost(name: $n, body: "<p>Words of life</p>", categoryId: $c, image: $i, status: $s) { id } }', {
        n: name,
        c: String(categoryId),
        i: image,
        s: status,
      });
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    // To begin with, every block has pictures of its own; the 200 posts below share a few between blocks.
    for (const [i, color] of ['#111111', '#222222', '#333333'].entries()) {
      await create('mutation($i: String!, $t: String) { createSliderImage(title: $t, image: $i) { id } }', { i: await upload('slider', color), t: `Slide ${i}` });
    }
    await create('mutation($i: String!) { createVisitImage(title: "Visit", image: $i) { id } }', { i: await upload('visit', '#444444') });
    await create('mutation($i: String!) { createMeetingImage(zoomId: "845 2291 0436", password: "grace", image: $i) { id } }', { i: await upload('meeting', '#555555') });
    for (const title of ['One', 'Two', 'Three']) await create('mutation($t: String!) { createVideo(title: $t, video: "aqz-KE-bpKQ") { id } }', { t: title });

    member = await t.member();
    await addPosts(1, ['Sunday service', 'Night vigil', 'Bible study'], await upload('post', '#666666'));
    await addPosts(2, ['Healed', 'New job'], await upload('testimony', '#777777'));
    await t.gql('mutation { createPost(name: "Pending", body: "<p>Waiting</p>", categoryId: 2, consentToPublish: true) { id } }', {}, member.token);
    await addPosts(3, ['Peace', 'Prayer'], await upload('post', '#888888'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts SQL with the one counter the app has, which is also TypeORM\'s logger', () => {
    const counters = t.app.get(SqlCounter, { each: true });
    expect(counters).toHaveLength(1);
    expect(t.app.get(DataSource).logger).toBe(counters[0]);
  });

  it('costs the same small number of SQL queries with 8 posts and with 200, whether blocks share pictures or not', async () => {
    expect((await t.db.query('SELECT count(*)::int AS count FROM posts'))[0].count).toBe(8);
    const small = [await home(), await home(), await home()];
    expect(small[0].data.programs).toHaveLength(3);
    expect(small[0].data.testimonies.map((p: { name: string }) => p.name).sort()).toEqual(['Healed', 'New job']);
    expect(small[0].data.testimonies[0].author).toEqual({ firstname: 'Site', lastname: 'Administrator' });
    expect(small[0].data.meeting[0].password).toBeNull();
    const pictures = [...small[0].data.slides, ...small[0].data.visit, ...small[0].data.meeting, ...small[0].data.programs, ...small[0].data.blog];
    expect(new Set(pictures.map((p: { image: string }) => p.image)).size).toBe(7);

    // 192 more posts, 64 per category, a quarter of the testimonies unauthorised. Their pictures cycle through
    // the first slide's, the visit's, none, and a URL that is no upload of ours: each post block then shares
    // pictures with the slider, the visit block and the other post blocks. Their authors cycle through the
    // admin, the member and none.
    const [firstSlide] = small[0].data.slides;
    const [visit] = small[0].data.visit;
    const unknown = '/uploads/not-an-upload.webp';
    const [{ id: adminId }] = await t.db.query(`SELECT id FROM users WHERE role = 'Admin'`);
    for (const category of [1, 2, 3]) {
      await t.db.query(
        `INSERT INTO posts (name, slug, body, excerpt, image, category_id, author_id, status, created_at)
         SELECT 'Bulk ' || $1::int || '-' || n, 'bulk-' || $1::int || '-' || n, '<p>More words</p>', 'More words',
                (ARRAY[$2, $3, NULL, $4])[1 + n % 4], $1::int, (ARRAY[$5::int, $6::int, NULL])[1 + n % 3],
                CASE WHEN $1::int = 2 AND n % 4 = 0 THEN 'UnAuthorised' ELSE 'Authorised' END, now() - n * interval '1 minute'
         FROM generate_series(1, 64) AS n`,
        [category, firstSlide.image, visit.image, unknown, adminId, member.id],
      );
    }
    expect((await t.db.query('SELECT count(*)::int AS count FROM posts'))[0].count).toBe(200);
    const large = [await home(), await home(), await home()];
    expect(large[0].data.programs).toHaveLength(4);
    expect(large[0].data.testimonies).toHaveLength(8);
    expect(large[0].data.testimonies.every((p: { status: string }) => p.status === 'Authorised')).toBe(true);
    expect(large[0].data.blog).toHaveLength(8);
    expect(large[0].data.blog[0].category).toEqual({ id: '3', name: 'Blog' });
    expect(large[0].data.programs.every((p: { category: { id: string } }) => p.category.id === '1')).toBe(true);
    expect(new Set(large[0].data.blog.map((p: { author: { firstname: string } | null }) => p.author?.firstname ?? null))).toEqual(
      new Set(['Site', 'John', null]),
    );
    // Shared pictures answer their own sizes; a picture that is no upload, and no picture, answer none.
    const posts = [...large[0].data.programs, ...large[0].data.testimonies, ...large[0].data.blog];
    const withImage = (image: string | null) => posts.filter((p: { image: string | null }) => p.image === image);
    for (const picture of [firstSlide, visit]) {
      expect(withImage(picture.image).length).toBeGreaterThan(0);
      for (const post of withImage(picture.image)) expect(post.imageSrcSet).toBe(picture.imageSrcSet);
    }
    expect(withImage(firstSlide.image).find((p: { imageWidth?: number }) => p.imageWidth)).toMatchObject({ imageWidth: 1600, imageHeight: 900 });
    for (const post of [...withImage(unknown), ...withImage(null)]) expect(post.imageSrcSet).toBeNull();
    expect(withImage(unknown).length).toBeGreaterThan(0);
    expect(withImage(null).length).toBeGreaterThan(0);

    const counts = [...small, ...large].map((r) => r.sql);
    expect(new Set(counts).size).toBe(1);
    // One query per list, each bringing its pictures' sizes, categories and authors along.
    expect(counts[0]).toBe(7);
  });

  it("answers the new picture's sizes when a write changes it, and on the reads after", async () => {
    const picture = await upload('slider', '#999999', 1200, 400);
    const fields = 'id image imageSrcSet imageWidth imageHeight';
    const [slide] = (await home()).data.slides;
    const updated = await t.gql(`mutation($id: ID!, $i: String) { updateSliderImage(id: $id, image: $i) { ${fields} } }`, { id: slide.id, i: picture }, admin);
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateSliderImage).toMatchObject({ image: picture, imageWidth: 1200, imageHeight: 400 });
    expect(updated.data.updateSliderImage.imageSrcSet).not.toBe(slide.imageSrcSet);
    const read = await t.gql(`query($id: ID!) { SliderImage(id: $id) { ${fields} } }`, { id: slide.id });
    expect(read.data.SliderImage).toEqual(updated.data.updateSliderImage);

    const cleared = await t.gql(`mutation($id: ID!) { updateSliderImage(id: $id, image: "") { ${fields} } }`, { id: slide.id }, admin);
    expect(cleared.data.updateSliderImage).toEqual({ id: slide.id, image: null, imageSrcSet: null, imageWidth: null, imageHeight: null });
  });
});
