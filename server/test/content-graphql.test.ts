import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { startTestApp, TestApp } from './support/test-app.js';

// ra-data-graphql-simple and Apollo Client 3 are loaded through their CommonJS builds (Apollo 3's ESM entry
// cannot be imported by Node natively).
const require = createRequire(import.meta.url);
const buildGraphQLProvider = require('ra-data-graphql-simple').default;
const { ApolloClient, HttpLink, InMemoryCache } = require('@apollo/client');

type DataProvider = Record<'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete', (resource: string, params: unknown) => Promise<any>>;

/** The admin console's data provider, as a real client over HTTP. */
function dataProvider(t: TestApp, token: string): DataProvider {
  const client = new ApolloClient({
    link: new HttpLink({ uri: `${t.baseUrl}/graphql`, fetch, headers: { authorization: `Bearer ${token}` } }),
    cache: new InMemoryCache(),
  });
  return buildGraphQLProvider({ client });
}

const png = (width: number, height: number, color = '#3a6ea5') =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

describe('content over GraphQL', () => {
  let t: TestApp;
  let admin: string;
  let ra: DataProvider;
  let imageUrl: string;
  let otherImageUrl: string;

  const upload = async (token: string, purpose: string, data: Buffer) => {
    const response = await t.http.post('/api/uploads').set('authorization', `Bearer ${token}`).field('purpose', purpose).attach('image', data, 'picture.png');
    expect(response.status).toBe(201);
    return response.body as { url: string; width: number; height: number; srcSet: string };
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    ra = dataProvider(t, admin);
    imageUrl = (await upload(admin, 'post', await png(1200, 800))).url;
    otherImageUrl = (await upload(admin, 'post', await png(640, 480, '#a53a3a'))).url;
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the fixed categories 1 programs, 2 testimonies, 3 blog, and new ones continue after them', async () => {
    const { data, total } = await ra.getList('PostCategory', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(data.slice(0, 3).map((c: { id: string; name: string }) => [c.id, c.name])).toEqual([
      ['1', 'Programs'],
      ['2', 'Testimonies'],
      ['3', 'Blog'],
    ]);
    expect(total).toBe(3);

    const created = await ra.create('PostCategory', { data: { name: 'Announcements' } });
    expect(Number(created.data.id)).toBe(4);
    const renamed = await ra.update('PostCategory', { id: created.data.id, data: { ...created.data, name: 'News' }, previousData: created.data });
    expect(renamed.data.name).toBe('News');
    const one = await ra.getOne('PostCategory', { id: '4' });
    expect(one.data.name).toBe('News');
    const many = await ra.getMany('PostCategory', { ids: ['1', '4'] });
    expect(many.data.map((c: { name: string }) => c.name).sort()).toEqual(['News', 'Programs']);
    const filtered = await ra.getList('PostCategory', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'tes' } });
    expect(filtered.data.map((c: { name: string }) => c.name)).toEqual(['Testimonies']);

    const duplicate = await t.gql('mutation { createPostCategory(name: "blog") { id } }', {}, admin);
    expect(duplicate.errors[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'name' });
    const fixed = await t.gql('mutation { deletePostCategory(id: 2) { id } }', {}, admin);
    expect(fixed.errors[0].extensions.code).toBe('CONFLICT');

    const deleted = await ra.delete('PostCategory', { id: '4', previousData: renamed.data });
    expect(deleted.data.name).toBe('News');
    const after = await t.gql('{ _allPostCategoriesMeta { count } }');
    expect(after.data._allPostCategoriesMeta.count).toBe(3);
  });

  it('lets the admin console create, list, sort, page, filter, read, update and delete posts', async () => {
    for (const [i, name] of ['Alpha program', 'Beta program', 'Gamma program'].entries()) {
      await ra.create('Post', { data: { name, body: `<p>Program ${i} body</p>`, categoryId: '1', image: i === 0 ? imageUrl : null } });
    }
    await ra.create('Post', { data: { name: 'A blog entry', body: '<p>Blog words</p>', categoryId: '3' } });

    const page1 = await ra.getList('Post', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'DESC' }, filter: { categoryId: '1' } });
    expect(page1.total).toBe(3);
    expect(page1.data.map((p: { name: string }) => p.name)).toEqual(['Gamma program', 'Beta program']);
    const page2 = await ra.getList('Post', { pagination: { page: 2, perPage: 2 }, sort: { field: 'name', order: 'DESC' }, filter: { categoryId: '1' } });
    expect(page2.data.map((p: { name: string }) => p.name)).toEqual(['Alpha program']);

    const alpha = page2.data[0];
    expect(alpha).toMatchObject({ slug: 'alpha-program', excerpt: 'Program 0 body', status: 'Authorised', categoryId: '1', image: imageUrl, imageWidth: 1200, imageHeight: 800 });
    expect(alpha.imageSrcSet).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1200\.webp 1200w$/);
    expect(alpha.category).toEqual(expect.objectContaining({ id: '1' }));
    expect(alpha.author).toMatchObject({ firstname: 'Site', lastname: 'Administrator' });
    expect(alpha.author.email).toBeUndefined();

    const one = await ra.getOne('Post', { id: alpha.id });
    expect(one.data.name).toBe('Alpha program');
    const many = await ra.getMany('Post', { ids: [alpha.id, page1.data[0].id] });
    expect(many.data).toHaveLength(2);
    const searched = await ra.getList('Post', { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { q: 'blog words' } });
    expect(searched.data.map((p: { name: string }) => p.name)).toEqual(['A blog entry']);

    const updated = await ra.update('Post', { id: alpha.id, data: { ...one.data, name: 'Alpha program (renamed)', image: otherImageUrl }, previousData: one.data });
    expect(updated.data).toMatchObject({ name: 'Alpha program (renamed)', slug: 'alpha-program', image: otherImageUrl, imageWidth: 640, imageHeight: 480 });

    const bySlug = await t.gql('query($s: String!) { postBySlug(slug: $s) { id name } }', { s: 'alpha-program' });
    expect(bySlug.data.postBySlug).toEqual({ id: alpha.id, name: 'Alpha program (renamed)' });

    const deleted = await ra.delete('Post', { id: alpha.id, previousData: updated.data });
    expect(deleted.data.id).toBe(alpha.id);
    const gone = await t.gql('query($id: ID!) { Post(id: $id) { id } }', { id: alpha.id }, admin);
    expect(gone.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('gives posts with the same title distinct slugs', async () => {
    const make = () => t.gql('mutation { createPost(name: "Same Title!", body: "<p>x</p>", categoryId: 3) { slug } }', {}, admin);
    const [a, b] = [await make(), await make()];
    expect(a.data.createPost.slug).toBe('same-title');
    expect(b.data.createPost.slug).toBe('same-title-2');
  });

  it('lets the admin console manage videos, taking a YouTube link or id and making a local poster', async () => {
    const created = await ra.create('Video', { data: { title: 'Walking by faith', video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=42s' } });
    expect(created.data).toMatchObject({ title: 'Walking by faith', video: 'aqz-KE-bpKQ' });
    expect(created.data.poster).toMatch(/^\/uploads\/[a-f0-9]{32}-\d+\.webp$/);
    const poster = await t.http.get(created.data.poster).expect(200);
    expect((await sharp(poster.body).metadata()).format).toBe('webp');

    await ra.create('Video', { data: { title: 'Short link', video: 'youtu.be/ScMzIvxBSi4' } });
    await ra.create('Video', { data: { title: 'Bare id', video: 'LXb3EKWsInQ' } });
    const list = await ra.getList('Video', { pagination: { page: 1, perPage: 2 }, sort: { field: 'title', order: 'ASC' }, filter: { q: 'i' } });
    expect(list.total).toBe(3);
    expect(list.data.map((v: { title: string }) => v.title)).toEqual(['Bare id', 'Short link']);
    expect((await ra.getOne('Video', { id: created.data.id })).data.video).toBe('aqz-KE-bpKQ');
    expect((await ra.getMany('Video', { ids: [created.data.id] })).data).toHaveLength(1);

    const updated = await ra.update('Video', { id: created.data.id, data: { ...created.data, title: 'Walking by faith, part 2', video: 'https://www.youtube.com/embed/YE7VzlLtp-4' }, previousData: created.data });
    expect(updated.data).toMatchObject({ title: 'Walking by faith, part 2', video: 'YE7VzlLtp-4' });
    expect(updated.data.poster).not.toBe(created.data.poster);
    await t.http.get(created.data.poster).expect(404);

    for (const bad of ['https://vimeo.com/123456', 'not a video', 'https://www.youtube.com/watch?v=short']) {
      const refused = await t.gql('mutation($v: String!) { createVideo(title: "x", video: $v) { id } }', { v: bad }, admin);
      expect(refused.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'video' });
    }
    const deleted = await ra.delete('Video', { id: created.data.id, previousData: updated.data });
    expect(deleted.data.id).toBe(created.data.id);
    await t.http.get(updated.data.poster).expect(404);
  });

  it('lets the admin console manage slider, visit and meeting images', async () => {
    for (const title of ['First', 'Second', 'Third']) await ra.create('SliderImage', { data: { title, image: imageUrl } });
    const slides = await ra.getList('SliderImage', { pagination: { page: 1, perPage: 2 }, sort: { field: 'position', order: 'ASC' }, filter: {} });
    expect(slides.total).toBe(3);
    expect(slides.data.map((s: { title: string; position: number }) => [s.title, s.position])).toEqual([
      ['First', 0],
      ['Second', 1],
    ]);
    expect(slides.data[0]).toMatchObject({ imageWidth: 1200, imageHeight: 800 });
    const third = (await ra.getList('SliderImage', { pagination: { page: 2, perPage: 2 }, sort: { field: 'position', order: 'ASC' }, filter: { q: 'thi' } })).data;
    expect(third).toEqual([]);
    const found = await ra.getList('SliderImage', { pagination: { page: 1, perPage: 2 }, sort: { field: 'position', order: 'ASC' }, filter: { q: 'thi' } });
    expect(found.data.map((s: { title: string }) => s.title)).toEqual(['Third']);
    const moved = await ra.update('SliderImage', { id: found.data[0].id, data: { ...found.data[0], position: 0 }, previousData: found.data[0] });
    expect(moved.data.position).toBe(0);
    expect((await ra.getOne('SliderImage', { id: moved.data.id })).data.title).toBe('Third');
    expect((await ra.getMany('SliderImage', { ids: [moved.data.id] })).data).toHaveLength(1);
    await ra.delete('SliderImage', { id: moved.data.id, previousData: moved.data });
    expect((await t.gql('{ _allSliderImagesMeta { count } }')).data._allSliderImagesMeta.count).toBe(2);

    const visit = await ra.create('VisitImage', { data: { title: 'Visit us', image: imageUrl } });
    const visits = await ra.getList('VisitImage', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' }, filter: { q: 'visit' } });
    expect(visits.data[0]).toMatchObject({ id: visit.data.id, image: imageUrl });
    expect((await ra.getOne('VisitImage', { id: visit.data.id })).data.title).toBe('Visit us');
    expect((await ra.getMany('VisitImage', { ids: [visit.data.id] })).data).toHaveLength(1);
    const visitUpdated = await ra.update('VisitImage', { id: visit.data.id, data: { ...visit.data, title: 'Plan your visit' }, previousData: visit.data });
    expect(visitUpdated.data).toMatchObject({ title: 'Plan your visit', image: imageUrl });
    await ra.delete('VisitImage', { id: visit.data.id, previousData: visitUpdated.data });

    const meeting = await ra.create('MeetingImage', { data: { zoomId: '845 2291 0436', password: 'grace', image: imageUrl } });
    const meetings = await ra.getList('MeetingImage', { pagination: { page: 1, perPage: 5 }, sort: { field: 'zoomId', order: 'ASC' }, filter: { q: '845' } });
    expect(meetings.data[0]).toMatchObject({ zoomId: '845 2291 0436', password: 'grace' });
    expect((await ra.getOne('MeetingImage', { id: meeting.data.id })).data.password).toBe('grace');
    expect((await ra.getMany('MeetingImage', { ids: [meeting.data.id] })).data).toHaveLength(1);
    const meetingUpdated = await ra.update('MeetingImage', { id: meeting.data.id, data: { ...meeting.data, password: 'hope' }, previousData: meeting.data });
    expect(meetingUpdated.data.password).toBe('hope');

    const visitor = await t.gql('{ allMeetingImages(perPage: 1) { zoomId password image } }');
    expect(visitor.data.allMeetingImages).toEqual([{ zoomId: '845 2291 0436', password: null, image: imageUrl }]);
    const member = await t.member();
    const signedIn = await t.gql('{ allMeetingImages(perPage: 1) { password } }', {}, member.token);
    expect(signedIn.data.allMeetingImages[0].password).toBe('hope');

    await ra.delete('MeetingImage', { id: meeting.data.id, previousData: meetingUpdated.data });
    expect((await t.gql('{ _allMeetingImagesMeta { count } }')).data._allMeetingImagesMeta.count).toBe(0);
  });

  it('lets the admin console manage books, keeping prices exact in pence', async () => {
    const created = await ra.create('Book', { data: { title: 'Daily Bread', price: 12.5, image: imageUrl, description: 'Devotions' } });
    expect(created.data).toMatchObject({ title: 'Daily Bread', price: 12.5, currency: 'GBP', imageWidth: 1200 });
    await ra.create('Book', { data: { title: 'Prayer', price: 0.1 } });
    await ra.create('Book', { data: { title: 'Marriage', price: 19.99 } });
    const [{ price_pence }] = await t.db.query(`SELECT price_pence FROM books WHERE title = 'Marriage'`);
    expect(price_pence).toBe(1999);

    const byPrice = await ra.getList('Book', { pagination: { page: 1, perPage: 2 }, sort: { field: 'price', order: 'DESC' }, filter: {} });
    expect(byPrice.total).toBe(3);
    expect(byPrice.data.map((b: { price: number }) => b.price)).toEqual([19.99, 12.5]);
    const filtered = await ra.getList('Book', { pagination: { page: 1, perPage: 10 }, sort: { field: 'title', order: 'ASC' }, filter: { q: 'prayer' } });
    expect(filtered.data.map((b: { title: string }) => b.title)).toEqual(['Prayer']);
    expect((await ra.getOne('Book', { id: created.data.id })).data.description).toBe('Devotions');
    expect((await ra.getMany('Book', { ids: [created.data.id] })).data).toHaveLength(1);

    const updated = await ra.update('Book', { id: created.data.id, data: { ...created.data, price: 14 }, previousData: created.data });
    expect(updated.data).toMatchObject({ price: 14, title: 'Daily Bread', image: imageUrl });
    const tooPrecise = await t.gql('mutation { createBook(title: "x", price: 1.234) { id } }', {}, admin);
    expect(tooPrecise.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'price' });
    const negative = await t.gql('mutation { createBook(title: "x", price: -1) { id } }', {}, admin);
    expect(negative.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'price' });

    await ra.delete('Book', { id: created.data.id, previousData: updated.data });
    expect((await t.gql('{ _allBooksMeta { count } }')).data._allBooksMeta.count).toBe(2);
  });

  it('accepts only our own uploads as images', async () => {
    const foreign = await t.gql('mutation { createSliderImage(title: "x", image: "https://evil.example/a.png") { id } }', {}, admin);
    expect(foreign.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'image' });
    const traversal = await t.gql('mutation { createBook(title: "x", price: 1, image: "/uploads/../../etc/passwd") { id } }', {}, admin);
    expect(traversal.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'image' });
  });

  it('keeps unauthorised testimonies from visitors and other members, and shows members their own', async () => {
    const author = await t.member();
    const other = await t.member();
    const mine = await t.gql(
      'mutation { createPost(name: "Healed", body: "<p>Thank God</p>", categoryId: 2, consentToPublish: true) { id status authorId categoryId } }',
      {},
      author.token,
    );
    expect(mine.data.createPost).toMatchObject({ status: 'UnAuthorised', authorId: String(author.id), categoryId: '2' });
    const id = mine.data.createPost.id;
    const authorised = await t.gql('mutation { createPost(name: "Published", body: "<p>Joy</p>", categoryId: 2, status: Authorised) { id status } }', {}, admin);
    expect(authorised.data.createPost.status).toBe('Authorised');

    const query = '{ allPosts(filter: { categoryId: 2 }, perPage: 100) { id status } _allPostsMeta(filter: { categoryId: 2 }) { count } }';
    const anonymous = await t.gql(query);
    expect(anonymous.data.allPosts.every((p: { status: string }) => p.status === 'Authorised')).toBe(true);
    expect(anonymous.data.allPosts.map((p: { id: string }) => p.id)).toEqual([authorised.data.createPost.id]);
    expect(anonymous.data._allPostsMeta.count).toBe(1);
    const askedForHidden = await t.gql('{ allPosts(filter: { categoryId: 2, status: UnAuthorised }) { id } }');
    expect(askedForHidden.data.allPosts).toEqual([]);
    const direct = await t.gql('query($id: ID!) { Post(id: $id) { id } }', { id });
    expect(direct.errors[0].extensions.code).toBe('NOT_FOUND');
    const allAnonymous = await t.gql('{ allPosts(perPage: 100) { id } }');
    expect(allAnonymous.data.allPosts.map((p: { id: string }) => p.id)).not.toContain(id);

    const otherSees = await t.gql(query, {}, other.token);
    expect(otherSees.data.allPosts.map((p: { id: string }) => p.id)).not.toContain(id);
    const own = await t.gql('query($a: ID!) { allPosts(filter: { categoryId: 2, authorId: $a }) { id status } }', { a: String(author.id) }, author.token);
    expect(own.data.allPosts).toEqual([{ id, status: 'UnAuthorised' }]);
    const adminSees = await t.gql(query, {}, admin);
    expect(adminSees.data.allPosts.map((p: { id: string }) => p.id)).toContain(id);

    const authorise = await t.gql('mutation($id: ID!) { updatePost(id: $id, status: Authorised) { status } }', { id }, admin);
    expect(authorise.data.updatePost.status).toBe('Authorised');
    expect((await t.gql(query)).data.allPosts.map((p: { id: string }) => p.id)).toContain(id);
    const delist = await t.gql('mutation($id: ID!) { updatePost(id: $id, status: UnAuthorised) { status } }', { id }, admin);
    expect(delist.data.updatePost.status).toBe('UnAuthorised');
    expect((await t.gql(query)).data.allPosts.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('lets a member share only testimonies, never authorise one, and never touch someone else’s post', async () => {
    const member = await t.member();
    const other = await t.member();
    const blog = await t.gql('mutation { createPost(name: "Spam", body: "<p>x</p>", categoryId: 3) { id } }', {}, member.token);
    expect(blog.errors[0].extensions.code).toBe('FORBIDDEN');
    const selfAuthorised = await t.gql('mutation { createPost(name: "Mine", body: "<p>x</p>", categoryId: 2, status: Authorised, consentToPublish: true) { id } }', {}, member.token);
    expect(selfAuthorised.errors[0].extensions.code).toBe('FORBIDDEN');
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM posts WHERE author_id = $1`, [member.id]);
    expect(count).toBe(0);

    const created = await t.gql('mutation { createPost(name: "Mine", body: "<p>x</p>", categoryId: 2, consentToPublish: true) { id } }', {}, member.token);
    const id = created.data.createPost.id;
    const authorise = await t.gql('mutation($id: ID!) { updatePost(id: $id, status: Authorised) { status } }', { id }, member.token);
    expect(authorise.errors[0].extensions.code).toBe('FORBIDDEN');
    const edit = await t.gql('mutation($id: ID!) { updatePost(id: $id, body: "<p>better words</p>") { body status } }', { id }, member.token);
    expect(edit.data.updatePost).toEqual({ body: '<p>better words</p>', status: 'UnAuthorised' });

    const adminPost = await t.gql('mutation { createPost(name: "Official", body: "<p>x</p>", categoryId: 3) { id } }', {}, admin);
    for (const [token, target] of [
      [other.token, id],
      [member.token, adminPost.data.createPost.id],
    ]) {
      const update = await t.gql('mutation($id: ID!) { updatePost(id: $id, name: "Hijacked") { id } }', { id: target }, token);
      expect(update.errors[0].extensions.code).toBe('NOT_FOUND');
      const remove = await t.gql('mutation($id: ID!) { deletePost(id: $id) { id } }', { id: target }, token);
      expect(remove.errors[0].extensions.code).toBe('NOT_FOUND');
    }
    const names = await t.db.query(`SELECT name FROM posts WHERE id = ANY($1::int[])`, [[id, adminPost.data.createPost.id]]);
    expect(names.map((r: { name: string }) => r.name).sort()).toEqual(['Mine', 'Official']);

    const anonymous = await t.gql('mutation { createPost(name: "x", body: "<p>x</p>", categoryId: 2) { id } }');
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const memberVideo = await t.gql('mutation { createVideo(title: "x", video: "aqz-KE-bpKQ") { id } }', {}, member.token);
    expect(memberVideo.errors[0].extensions.code).toBe('FORBIDDEN');

    const removed = await t.gql('mutation($id: ID!) { deletePost(id: $id) { id } }', { id }, member.token);
    expect(removed.data.deletePost.id).toBe(id);
  });

  it('sanitises post bodies on write and derives a plain-text excerpt', async () => {
    const body = [
      '<h2>Title</h2>',
      '<p onclick="steal()">Hello <strong>world</strong> &amp; friends<script>alert(1)</script></p>',
      '<img src="x" onerror="alert(2)">',
      `<img src="${imageUrl}" alt="ours" onerror="alert(3)">`,
      '<img src="https://tracker.example/pixel.gif">',
      '<a href="javascript:alert(4)">bad link</a> <a href="JaVaScRiPt:alert(5)">worse</a> ',
      '<a href="https://example.org" onmouseover="x()">good link</a> <a href="mailto:pastor@example.org">mail</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      '<blockquote><em>Be still</em></blockquote><ul><li>one</li></ul>',
    ].join('');
    const created = await t.gql('mutation($b: String!) { createPost(name: "Clean", body: $b, categoryId: 3) { id body excerpt } }', { b: body }, admin);
    const stored = created.data.createPost.body as string;
    expect(stored).not.toMatch(/<script|alert\(1\)|onerror|onclick|onmouseover|javascript:|iframe|<style|tracker\.example/i);
    expect(stored).toContain(`<img src="${imageUrl}" alt="ours" />`);
    expect(stored).toContain('<a href="https://example.org">good link</a>');
    expect(stored).toContain('<a href="mailto:pastor@example.org">mail</a>');
    expect(stored).toContain('<h2>Title</h2>');
    expect(stored).toContain('<blockquote><em>Be still</em></blockquote>');
    expect(created.data.createPost.excerpt).toBe('Title Hello world & friends bad link worse good link mail Be still one');

    const [row] = await t.db.query('SELECT body FROM posts WHERE id = $1', [created.data.createPost.id]);
    expect(row.body).toBe(stored);

    const emptied = await t.gql('mutation { createPost(name: "Empty", body: "<script>alert(1)</script>", categoryId: 3) { id } }', {}, admin);
    expect(emptied.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'body' });
  });

  it('names the field at fault for bad input', async () => {
    const noName = await t.gql('mutation { createPost(name: "  ", body: "<p>x</p>", categoryId: 3) { id } }', {}, admin);
    expect(noName.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const noCategory = await t.gql('mutation { createPost(name: "x", body: "<p>x</p>", categoryId: 999) { id } }', {}, admin);
    expect(noCategory.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'categoryId' });
    const badSort = await t.gql('{ allPosts(sortField: "password") { id } }');
    expect(badSort.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sortField' });
  });
});
