import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { startTestApp, TestApp } from './support/test-app.js';

/** The home page's data in one request, as in docs/api-contract.md ("Home page in one request"). */
const HOME = `{
  slides: allSliderImages(sortField: "position", sortOrder: "ASC", perPage: 10) { id title image imageSrcSet imageWidth imageHeight }
  visit: allVisitImages(perPage: 1) { id title image imageSrcSet imageWidth imageHeight }
  meeting: allMeetingImages(perPage: 1) { id zoomId password image imageSrcSet imageWidth imageHeight }
  programs: allPosts(filter: { categoryId: 1 }, perPage: 4) { id name slug excerpt image imageSrcSet imageWidth imageHeight }
  testimonies: allPosts(filter: { categoryId: 2 }, perPage: 8) { id name slug excerpt status image imageSrcSet author { firstname lastname } }
  videos: allVideos(perPage: 8) { id title video poster }
  blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { id name slug excerpt image imageSrcSet imageWidth imageHeight category { id name } }
}`;

describe('the home page query', () => {
  let t: TestApp;
  let admin: string;

  /** Runs the home query as a visitor and answers its data and the SQL statements it cost. */
  const home = async () => {
    const response = await t.http.post('/graphql').set('content-type', 'application/json').set('x-sql-count', '1').send({ query: HOME }).expect(200);
    expect(response.body.errors).toBeUndefined();
    const header = response.headers['x-sql-count'];
    expect(header).toMatch(/^\d+$/);
    return { data: response.body.data, sql: Number(header) };
  };

  const upload = async (purpose: string, color: string) => {
    const data = await sharp({ create: { width: 1600, height: 900, channels: 3, background: color } }).png().toBuffer();
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
    // Each block has its own pictures: a URL shared between blocks would be answered from the DataLoader's
    // cache, and the count would then depend on the data rather than on the query.
    for (const [i, color] of ['#111111', '#222222', '#333333'].entries()) {
      await create('mutation($i: String!, $t: String) { createSliderImage(title: $t, image: $i) { id } }', { i: await upload('slider', color), t: `Slide ${i}` });
    }
    await create('mutation($i: String!) { createVisitImage(title: "Visit", image: $i) { id } }', { i: await upload('visit', '#444444') });
    await create('mutation($i: String!) { createMeetingImage(zoomId: "845 2291 0436", password: "grace", image: $i) { id } }', { i: await upload('meeting', '#555555') });
    for (const title of ['One', 'Two', 'Three']) await create('mutation($t: String!) { createVideo(title: $t, video: "aqz-KE-bpKQ") { id } }', { t: title });

    const member = await t.member();
    await addPosts(1, ['Sunday service', 'Night vigil', 'Bible study'], await upload('post', '#666666'));
    await addPosts(2, ['Healed', 'New job'], await upload('testimony', '#777777'));
    await t.gql('mutation { createPost(name: "Pending", body: "<p>Waiting</p>", categoryId: 2) { id } }', {}, member.token);
    await addPosts(3, ['Peace', 'Prayer'], await upload('post', '#888888'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('costs the same small number of SQL queries with 8 posts and with 200', async () => {
    expect((await t.db.query('SELECT count(*)::int AS count FROM posts'))[0].count).toBe(8);
    const small = [await home(), await home(), await home()];
    expect(small[0].data.programs).toHaveLength(3);
    expect(small[0].data.testimonies.map((p: { name: string }) => p.name).sort()).toEqual(['Healed', 'New job']);
    expect(small[0].data.testimonies[0].author).toEqual({ firstname: 'Site', lastname: 'Administrator' });
    expect(small[0].data.meeting[0].password).toBeNull();

    // 192 more posts, spread over the three categories with the same pictures per block, a quarter of the
    // testimonies unauthorised.
    const pictures = await t.db.query(`SELECT DISTINCT ON (category_id) category_id, image, author_id FROM posts WHERE image IS NOT NULL ORDER BY category_id`);
    for (const { category_id, image, author_id } of pictures) {
      await t.db.query(
        `INSERT INTO posts (name, slug, body, excerpt, image, category_id, author_id, status, created_at)
         SELECT 'Bulk ' || $1::int || '-' || n, 'bulk-' || $1::int || '-' || n, '<p>More words</p>', 'More words', $2, $1::int, $3::int,
                CASE WHEN $1::int = 2 AND n % 4 = 0 THEN 'UnAuthorised' ELSE 'Authorised' END, now() - n * interval '1 minute'
         FROM generate_series(1, 64) AS n`,
        [category_id, image, author_id],
      );
    }
    expect((await t.db.query('SELECT count(*)::int AS count FROM posts'))[0].count).toBe(200);
    const large = [await home(), await home(), await home()];
    expect(large[0].data.programs).toHaveLength(4);
    expect(large[0].data.testimonies).toHaveLength(8);
    expect(large[0].data.testimonies.every((p: { status: string }) => p.status === 'Authorised')).toBe(true);
    expect(large[0].data.blog).toHaveLength(8);
    expect(large[0].data.blog[0].category).toEqual({ id: '3', name: 'Blog' });

    const counts = [...small, ...large].map((r) => r.sql);
    expect(new Set(counts).size).toBe(1);
    // 7 lists, plus one batched read of image sizes per block with pictures (6), of authors and of categories.
    expect(counts[0]).toBe(15);
  });
});
