import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { startTestApp, TestApp } from './support/test-app.js';

const picture = (width = 400, height = 300) => sharp({ create: { width, height, channels: 3, background: '#5b2a86' } }).png().toBuffer();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const UPLOAD_URL = /^\/uploads\/[a-f0-9]{32}-\d+\.webp$/;

describe('legacy content paths (spec section 7)', () => {
  let t: TestApp;
  let admin: string;
  let member: Awaited<ReturnType<TestApp['member']>>;
  let other: Awaited<ReturnType<TestApp['member']>>;
  let pendingId: number;

  const count = async (table: string) => (await t.db.query(`SELECT count(*)::int AS count FROM ${table}`))[0].count as number;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    member = await t.member();
    other = await t.member();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates blog and program posts from multipart forms with the picture, sanitising the body', async () => {
    const blog = await t.http
      .post('/api/create-blog-post')
      .set(bearer(admin))
      .field('title', 'Finding peace')
      .field('content', '<p>Be still<script>alert(1)</script></p><a href="javascript:alert(2)">x</a>')
      .attach('image', await picture(), 'peace.png')
      .expect(201);
    expect(blog.body).toMatchObject({ name: 'Finding peace', postCategoryId: 3, postCategory: { name: 'Blog' }, status: 'Authorised', body: '<p>Be still</p><a>x</a>' });
    expect(blog.body.image).toMatch(UPLOAD_URL);
    await t.http.get(blog.body.image).expect(200);

    const program = await t.http
      .post('/api/create-program-post')
      .set(bearer(admin))
      .field('name', 'Sunday Service')
      .field('body', '<p>10am</p>')
      .attach('image', await picture(), 'sunday.png')
      .expect(201);
    expect(program.body).toMatchObject({ id: expect.any(Number), name: 'Sunday Service', body: '<p>10am</p>', postCategoryId: 1, postCategory: { name: 'Programs' } });
    expect(program.body.image).toMatch(UPLOAD_URL);

    const missing = await t.http.post('/api/create-blog-post').set(bearer(admin)).field('content', '<p>x</p>').expect(400);
    expect(missing.body.errors[0]).toEqual({ msg: 'title is required', path: 'title' });
  });

  it('stores nothing when the picture of a form is not an image', async () => {
    const before = { posts: await count('posts'), uploads: await count('uploads') };
    const response = await t.http
      .post('/api/create-program-post')
      .set(bearer(admin))
      .field('name', 'Bad picture')
      .field('body', '<p>x</p>')
      .attach('image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg')
      .expect(400);
    expect(response.body.errors[0].path).toBe('image');
    expect({ posts: await count('posts'), uploads: await count('uploads') }).toEqual(before);
  });

  it('keeps the post paths for admins, and testimonies for members as the spec and DESIGN say', async () => {
    const category = await t.http.post('/api/add-post-category').set(bearer(admin)).send({ name: 'Youth' }).expect(201);
    expect(category.body).toEqual({ id: 4, name: 'Youth' });
    await t.http.post('/api/add-post-category').set(bearer(member.token)).send({ name: 'Mine' }).expect(403);
    await t.http.post('/api/add-post-category').send({ name: 'Mine' }).expect(401);

    const adminPost = await t.http
      .post('/api/add-post')
      .set(bearer(admin))
      .field('name', 'Youth night')
      .field('postCategoryId', '4')
      .field('body', '<p>Games and prayer</p>')
      .expect(201);
    expect(adminPost.body).toMatchObject({ postCategoryId: 4, postCategory: { name: 'Youth' }, status: 'Authorised' });

    const testimony = await t.http
      .post('/api/add-post')
      .set(bearer(member.token))
      .field('name', 'Healed')
      .field('postCategoryId', '2')
      .field('usersId', String(member.id))
      .field('body', '<p>Thank you Lord</p>')
      .attach('image', await picture(), 'me.png')
      .expect(201);
    expect(testimony.body).toMatchObject({ name: 'Healed', postCategoryId: 2, status: 'UnAuthorised', userId: member.id, users: { id: member.id, firstname: 'John' } });
    expect(testimony.body.users.email).toBeUndefined();
    expect(testimony.body.image).toMatch(UPLOAD_URL);
    pendingId = testimony.body.id;

    const before = await count('posts');
    const refusals: [Record<string, string>, number][] = [
      [{ name: 'Blog', postCategoryId: '3', body: '<p>x</p>' }, 403],
      [{ name: 'Forged', postCategoryId: '2', usersId: String(other.id), body: '<p>x</p>' }, 403],
      [{ name: 'Self-approved', postCategoryId: '2', status: 'Authorised', body: '<p>x</p>' }, 403],
      [{ name: 'No category', body: '<p>x</p>' }, 400],
    ];
    for (const [fields, status] of refusals) {
      const call = t.http.post('/api/add-post').set(bearer(member.token));
      for (const [key, value] of Object.entries(fields)) call.field(key, value);
      const response = await call;
      expect([fields.name, response.status]).toEqual([fields.name, status]);
    }
    expect(await count('posts')).toBe(before);
    await t.http.post('/api/add-post').field('name', 'x').field('postCategoryId', '2').field('body', '<p>x</p>').expect(401);
  });

  it('lists testimonies for admins and each member’s own, whatever their status', async () => {
    await t.http.get('/api/testimonies/2/all-testimonies').expect(401);
    await t.http.get('/api/testimonies/2/all-testimonies').set(bearer(member.token)).expect(403);
    const all = await t.http.get('/api/testimonies/2/all-testimonies').set(bearer(admin)).expect(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body.map((p: { id: number }) => p.id)).toContain(pendingId);

    const mine = await t.http.get(`/api/testimonies/${member.id}/2/my-testimonies`).set(bearer(member.token)).expect(200);
    expect(mine.body).toEqual([expect.objectContaining({ id: pendingId, status: 'UnAuthorised', postCategory: { id: 2, name: 'Testimonies' } })]);
    await t.http.get(`/api/testimonies/${member.id}/2/my-testimonies`).set(bearer(other.token)).expect(403);
    await t.http.get(`/api/testimonies/${member.id}/2/my-testimonies`).expect(401);
    const byAdmin = await t.http.get(`/api/testimonies/${member.id}/2/my-testimonies`).set(bearer(admin)).expect(200);
    expect(byAdmin.body.map((p: { id: number }) => p.id)).toEqual([pendingId]);
  });

  it('serves public post lists as arrays with a short cache, an ETag and never an unauthorised testimony', async () => {
    for (const path of ['/api/all-posts', '/api/all-posts-by-category/2', '/api/all-program-posts', '/api/all-post-categories']) {
      const isPostList = path !== '/api/all-post-categories';
      const response = await t.http.get(path).expect(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(response.headers['cache-control']).toBe('public, max-age=60, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400');
      expect(response.headers.etag).toBeTruthy();
      await t.http.get(path).set('if-none-match', response.headers.etag).expect(304);
      if (isPostList) expect(response.body.map((p: { id: number }) => p.id)).not.toContain(pendingId);
    }
    const programs = await t.http.get('/api/all-program-posts').expect(200);
    expect(programs.body.map((p: { name: string }) => p.name)).toEqual(['Sunday Service']);
    expect(programs.body[0]).toMatchObject({ id: expect.any(Number), name: 'Sunday Service', body: '<p>10am</p>', image: expect.stringMatching(UPLOAD_URL), postCategory: { name: 'Programs' } });
    const blog = await t.http.get('/api/all-posts-by-category/3').expect(200);
    expect(blog.body.map((p: { name: string }) => p.name)).toEqual(['Finding peace']);
    const categories = await t.http.get('/api/all-post-categories').expect(200);
    expect(categories.body.slice(0, 3)).toEqual([
      { id: 1, name: 'Programs' },
      { id: 2, name: 'Testimonies' },
      { id: 3, name: 'Blog' },
    ]);
    await t.http.get('/api/all-posts-by-category/abc').expect(400);

    const asAdmin = await t.http.get('/api/all-posts').set(bearer(admin)).expect(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-cache');
    expect(asAdmin.body.map((p: { id: number }) => p.id)).toContain(pendingId);
  });

  it("updates and deletes posts: admins any (Authorise / De-list), members only their own (another's is not found)", async () => {
    const otherUpdate = await t.http.put(`/api/update-post/${pendingId}`).set(bearer(other.token)).field('name', 'Hijacked').expect(404);
    const missing = await t.http.put('/api/update-post/999999').set(bearer(other.token)).field('name', 'Hijacked').expect(404);
    expect(otherUpdate.body).toEqual(missing.body);
    await t.http.delete(`/api/delete-post/${pendingId}`).set(bearer(other.token)).expect(404);
    await t.http.put(`/api/update-post/${pendingId}`).set(bearer(member.token)).field('status', 'Authorised').expect(403);

    const authorised = await t.http
      .put(`/api/update-post/${pendingId}`)
      .set(bearer(admin))
      .field('name', 'Healed!')
      .field('postCategoryId', '2')
      .field('usersId', String(member.id))
      .field('body', '<p>Thank you Lord, again</p>')
      .field('status', 'Authorised')
      .expect(200);
    expect(authorised.body).toMatchObject({ name: 'Healed!', status: 'Authorised', body: '<p>Thank you Lord, again</p>' });
    const publicList = await t.http.get('/api/all-posts-by-category/2').expect(200);
    expect(publicList.body.map((p: { id: number }) => p.id)).toContain(pendingId);

    const newPicture = await t.http.put(`/api/update-post/${pendingId}`).set(bearer(member.token)).attach('image', await picture(200, 200), 'new.png').expect(200);
    expect(newPicture.body.status).toBe('UnAuthorised');
    expect(newPicture.body.image).not.toBe(authorised.body.image);

    const badStatus = await t.http.put(`/api/update-post/${pendingId}`).set(bearer(admin)).field('status', 'Published').expect(400);
    expect(badStatus.body.errors[0].path).toBe('status');

    const deleted = await t.http.delete(`/api/delete-post/${pendingId}`).set(bearer(member.token)).expect(200);
    expect(deleted.body.id).toBe(pendingId);
    await t.http.delete(`/api/delete-post/${pendingId}`).set(bearer(admin)).expect(404);
  });

  it('adds and updates videos from a YouTube link or id', async () => {
    const created = await t.http.post('/api/add-video').set(bearer(admin)).send({ title: 'The Good Shepherd', video: 'https://youtu.be/aqz-KE-bpKQ' }).expect(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), title: 'The Good Shepherd', video: 'aqz-KE-bpKQ', poster: expect.stringMatching(UPLOAD_URL) });
    const updated = await t.http.put(`/api/update-video/${created.body.id}`).set(bearer(admin)).send({ title: 'The Good Shepherd', video: 'ScMzIvxBSi4' }).expect(200);
    expect(updated.body).toMatchObject({ video: 'ScMzIvxBSi4', poster: created.body.poster });

    const bad = await t.http.post('/api/add-video').set(bearer(admin)).send({ title: 'x', video: 'https://example.com/watch?v=aqz-KE-bpKQ' }).expect(400);
    expect(bad.body.errors[0].path).toBe('video');
    await t.http.post('/api/add-video').set(bearer(member.token)).send({ title: 'x', video: 'aqz-KE-bpKQ' }).expect(403);
    const unknown = await t.http.post('/api/add-video').set(bearer(admin)).send({ title: 'x', video: 'aqz-KE-bpKQ', views: 5 }).expect(400);
    expect(unknown.body.errors[0].path).toBe('views');

    const list = await t.http.get('/api/all-videos').expect(200);
    expect(list.body).toEqual([{ id: created.body.id, title: 'The Good Shepherd', video: 'ScMzIvxBSi4', poster: created.body.poster, createdAt: expect.any(String) }]);
    expect(list.headers['cache-control']).toBe('public, max-age=60, s-maxage=5, stale-while-revalidate=60, stale-if-error=86400');
  });

  it('adds and updates slider, visit and zoom images from multipart forms', async () => {
    const slide = await t.http.post('/api/add-slider-image').set(bearer(admin)).field('title', 'Welcome').attach('image', await picture(1500, 400), 's.png').expect(201);
    expect(slide.body).toMatchObject({ id: expect.any(Number), title: 'Welcome', image: expect.stringMatching(/-1500\.webp$/), position: 0 });
    const noImage = await t.http.post('/api/add-slider-image').set(bearer(admin)).field('title', 'Nothing').expect(400);
    expect(noImage.body.errors[0]).toEqual({ msg: 'image is required', path: 'image' });
    const slideUpdated = await t.http.put(`/api/update-slider-image/${slide.body.id}`).set(bearer(admin)).field('title', 'Welcome home').expect(200);
    expect(slideUpdated.body).toMatchObject({ title: 'Welcome home', image: slide.body.image });
    const slides = await t.http.get('/api/all-slider-images').expect(200);
    expect(slides.body).toEqual([{ id: slide.body.id, title: 'Welcome home', image: slide.body.image, position: 0 }]);

    const visit = await t.http.post('/api/add-visit-ancc-image').set(bearer(admin)).attach('image', await picture(700, 800), 'v.png').expect(201);
    expect(visit.body).toMatchObject({ id: expect.any(Number), title: '', image: expect.stringMatching(UPLOAD_URL) });
    const visitUpdated = await t.http.put(`/api/update-visit-ancc-image/${visit.body.id}`).set(bearer(admin)).field('title', 'Visit us').attach('image', await picture(700, 800), 'v2.png').expect(200);
    expect(visitUpdated.body.title).toBe('Visit us');
    expect(visitUpdated.body.image).not.toBe(visit.body.image);
    const visits = await t.http.get('/api/all-visit-ancc-image').expect(200);
    expect(visits.body).toEqual([{ id: visit.body.id, title: 'Visit us', image: visitUpdated.body.image }]);

    const zoom = await t.http
      .post('/api/zoom-image')
      .set(bearer(admin))
      .field('zoomId', '845 2291 0436')
      .field('password', 'grace')
      .attach('image', await picture(), 'z.png')
      .expect(201);
    expect(zoom.body).toMatchObject({ zoomId: '845 2291 0436', password: 'grace' });
    const noZoomId = await t.http.post('/api/zoom-image').set(bearer(admin)).attach('image', await picture(), 'z.png').expect(400);
    expect(noZoomId.body.errors[0].path).toBe('zoomId');
    await t.http.put(`/api/update-zoom-image/${zoom.body.id}`).set(bearer(admin)).field('zoomId', '845 2291 0436').field('password', 'hope').expect(200);

    const visitorView = await t.http.get('/api/all-zoom-image').expect(200);
    expect(visitorView.body).toEqual([{ id: zoom.body.id, zoomId: '845 2291 0436', password: null, image: zoom.body.image }]);
    const memberView = await t.http.get('/api/all-zoom-image').set(bearer(member.token)).expect(200);
    expect(memberView.body[0].password).toBe('hope');
    expect(memberView.headers['cache-control']).toBe('private, no-cache');

    await t.http.post('/api/add-slider-image').set(bearer(member.token)).field('title', 'x').attach('image', await picture(), 's.png').expect(403);
    await t.http.put(`/api/update-zoom-image/${zoom.body.id}`).field('password', 'x').expect(401);
  });

  it('adds books with an exact price from the form', async () => {
    const book = await t.http.post('/api/add-book').set(bearer(admin)).field('title', 'Daily Bread').field('price', '12.50').attach('image', await picture(600, 900), 'cover.png').expect(201);
    expect(book.body).toMatchObject({ id: expect.any(Number), title: 'Daily Bread', price: 12.5, currency: 'GBP', image: expect.stringMatching(UPLOAD_URL) });
    await t.http.post('/api/add-book').set(bearer(admin)).send({ title: 'Prayer', price: 9.99 }).expect(201);
    const [{ price_pence }] = await t.db.query(`SELECT price_pence FROM books WHERE id = $1`, [book.body.id]);
    expect(price_pence).toBe(1250);

    for (const price of ['12.505', '-3', 'free', '']) {
      const response = await t.http.post('/api/add-book').set(bearer(admin)).field('title', 'Bad').field('price', price).expect(400);
      expect(response.body.errors[0].path).toBe('price');
    }
    await t.http.post('/api/add-book').set(bearer(member.token)).send({ title: 'x', price: 1 }).expect(403);

    const books = await t.http.get('/api/all-books').expect(200);
    expect(books.body.map((b: { title: string; price: number }) => [b.title, b.price])).toEqual([
      ['Prayer', 9.99],
      ['Daily Bread', 12.5],
    ]);
    expect(books.headers.etag).toBeTruthy();
  });
});
