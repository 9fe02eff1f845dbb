import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '../src/access/permissions.js';
import { startTestApp, TestApp } from './support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const FIELDS = 'id name slug status categoryId';

type Created = { id: string; name: string; slug: string; status: string; categoryId: string };

/** The home page's own query (web/app/features/home/home-query.ts), with the post fields it needs here. */
const HOME = `query HomePage {
  programs: allPosts(filter: { categoryId: 1, upcoming: true }, sortField: "nextStartsAt", sortOrder: "ASC", perPage: 4) { id name }
  testimonies: allPosts(filter: { categoryId: 2 }, perPage: 8) { id name }
  blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { id name }
}`;

/**
 * Drafts (posts not Authorised) of every category stay drafts: no list, count, single read, legacy path, feed,
 * calendar or sitemap shows them to anyone without `content:write`, and the visitors' caches never hold them.
 */
describe('drafts stay drafts', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  const tokens: Partial<Record<Role, string>> = {};
  let draftProgram: Created;
  let draftBlog: Created;
  let published: Created;

  const text = async (path: string, token?: string) => {
    const call = t.http.get(path);
    if (token) call.set('authorization', `Bearer ${token}`);
    const response = await call.buffer(true).parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });
    return { status: response.status, body: response.body as string };
  };

  const create = async (args: string, token = editor): Promise<Created> => {
    const made = await t.gql(`mutation { createPost(${args}) { ${FIELDS} } }`, {}, token);
    expect(made.errors).toBeUndefined();
    return made.data.createPost;
  };

  const setStatus = async (post: Created, status: 'Authorised' | 'UnAuthorised') => {
    const changed = await t.gql(`mutation($id: ID!) { updatePost(id: $id, status: ${status}) { status } }`, { id: post.id }, editor);
    expect(changed.data.updatePost.status).toBe(status);
  };

  /** Every way a post reaches a reader, each answering whether `post` was in it. */
  async function seenBy(post: Created, token?: string) {
    const gql = (query: string, variables: Record<string, unknown> = {}) => t.gql(query, variables, token);
    const legacy = async (path: string) => {
      const call = t.http.get(path);
      if (token) call.set('authorization', `Bearer ${token}`);
      const response = await call.expect(200);
      return (response.body as { id: number }[]).some((row) => String(row.id) === post.id);
    };
    const listed = (rows: { id: string }[] | undefined) => !!rows?.some((row) => row.id === post.id);
    const lists = await gql(
      `query($q: String!, $category: ID!) {
        every: allPosts(perPage: 100) { id }
        category: allPosts(perPage: 100, filter: { categoryId: $category }) { id }
        asked: allPosts(perPage: 100, filter: { status: UnAuthorised }) { id }
        searched: allPosts(filter: { q: $q }) { id }
        count: _allPostsMeta(filter: { q: $q }) { count }
      }`,
      { q: post.name, category: post.categoryId },
    );
    expect(lists.errors).toBeUndefined();
    const home = await gql(HOME);
    const byId = await gql('query($id: ID!) { Post(id: $id) { id } }', { id: post.id });
    const bySlug = await gql('query($slug: String!) { postBySlug(slug: $slug) { id } }', { slug: post.slug });
    const [ics, events, sitemap, rss] = await Promise.all([text(`/events/${post.id}.ics`, token), text('/events.ics', token), text('/sitemap.xml', token), text('/blog/rss.xml', token)]);
    return {
      allPosts: listed(lists.data.every),
      allPostsOfCategory: listed(lists.data.category),
      allPostsAskedForDrafts: listed(lists.data.asked),
      search: listed(lists.data.searched),
      _allPostsMeta: lists.data.count.count > 0,
      home: listed([...home.data.programs, ...home.data.testimonies, ...home.data.blog]),
      Post: !!byId.data?.Post,
      postBySlug: !!bySlug.data?.postBySlug,
      'api/all-posts': await legacy('/api/all-posts'),
      'api/all-program-posts': await legacy('/api/all-program-posts'),
      'api/all-posts-by-category': await legacy(`/api/all-posts-by-category/${post.categoryId}`),
      'events/<id>.ics': ics.status === 200,
      'events.ics': events.body.includes(post.name),
      'sitemap.xml': sitemap.body.includes(`/post-details/${post.id}<`),
      'blog/rss.xml': rss.body.includes(post.name),
    };
  }

  const nowhere = (seen: Record<string, boolean>) => Object.fromEntries(Object.keys(seen).map((path) => [path, false]));
  /** A published post is everywhere its category is published: programs in calendars, blog posts in the RSS feed. */
  const everywhere = (post: Created, seen: Record<string, boolean>) => {
    const elsewhere = post.categoryId === '1' ? ['blog/rss.xml'] : ['api/all-program-posts', 'events/<id>.ics', 'events.ics'];
    return Object.fromEntries(Object.keys(seen).map((path) => [path, path !== 'allPostsAskedForDrafts' && !elsewhere.includes(path)]));
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    for (const role of ['Member', 'PrayerTeam', 'Finance', 'Pastor', 'Editor'] as const) {
      const account = await t.member();
      if (role !== 'Member') await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, account.id]);
      tokens[role] = account.token;
    }
    tokens.Admin = admin;
    editor = tokens.Editor!;
    const startsAt = new Date(Date.now() + 3 * DAY).toISOString();
    draftProgram = await create(`name: "Youth night draft", body: "<p>Not yet</p>", categoryId: "1", status: UnAuthorised, startsAt: "${startsAt}", location: "Hall"`);
    draftBlog = await create('name: "Unfinished thoughts", body: "<p>Half written</p>", categoryId: "3", status: UnAuthorised');
    published = await create(`name: "Open evening", body: "<p>All welcome</p>", categoryId: "1", startsAt: "${startsAt}"`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a post Authorised when no status is given, and a draft when asked', () => {
    expect(published.status).toBe('Authorised');
    expect(draftProgram.status).toBe('UnAuthorised');
    expect(draftBlog.status).toBe('UnAuthorised');
  });

  it.each(['a visitor', 'Member', 'PrayerTeam', 'Finance', 'Pastor'] as const)('never shows a draft program or blog post to %s', async (role) => {
    const token = role === 'a visitor' ? undefined : tokens[role];
    for (const draft of [draftProgram, draftBlog]) {
      const seen = await seenBy(draft, token);
      expect(seen).toEqual(nowhere(seen));
    }
    const seen = await seenBy(published, token);
    expect(seen).toEqual(everywhere(published, seen));
  });

  it.each(['Editor', 'Admin'] as const)('shows drafts to %s in the console’s reads, and still not in feeds', async (role) => {
    const seen = await seenBy(draftProgram, tokens[role]);
    expect(seen).toMatchObject({ allPosts: true, allPostsOfCategory: true, allPostsAskedForDrafts: true, search: true, _allPostsMeta: true, Post: true, postBySlug: true, 'api/all-posts': true, 'api/all-program-posts': true });
    // Feeds, calendars and the sitemap are published files: the same for everyone.
    expect(seen).toMatchObject({ 'events/<id>.ics': false, 'events.ics': false, 'sitemap.xml': false });
  });

  it('keeps a staff read out of the visitors’ caches, and follows a draft authorised then taken down again', async () => {
    // A write empties the visitors' caches; an editor reads first, then visitors twice (the second time from
    // their caches): the editor's answers, which hold the draft, are never shared and never kept for visitors.
    await t.gql('mutation($id: ID!) { updatePost(id: $id, body: "<p>Still half written</p>") { id } }', { id: draftBlog.id }, editor);
    expect(await seenBy(draftBlog, editor)).toMatchObject({ allPosts: true, 'api/all-posts': true });
    const staffList = await t.http.get('/api/all-posts').set('authorization', `Bearer ${editor}`).expect(200);
    expect(staffList.headers['cache-control']).toBe('private, no-cache');
    const staffQuery = await t.http.post('/graphql').set('authorization', `Bearer ${editor}`).send({ query: '{ allPosts { id } }' }).expect(200);
    expect(staffQuery.headers['cache-control']).toBe('private, no-store');
    const visitor = await seenBy(draftBlog);
    expect(visitor).toEqual(nowhere(visitor));
    expect(await seenBy(draftBlog)).toEqual(visitor);

    await setStatus(draftBlog, 'Authorised');
    const live = await seenBy(draftBlog);
    expect(live).toEqual(everywhere(draftBlog, live));

    await setStatus(draftBlog, 'UnAuthorised');
    const down = await seenBy(draftBlog);
    expect(down).toEqual(nowhere(down));

    await setStatus(draftProgram, 'Authorised');
    const program = await seenBy(draftProgram);
    expect(program).toEqual(everywhere(draftProgram, program));
    await setStatus(draftProgram, 'UnAuthorised');
    const programDown = await seenBy(draftProgram);
    expect(programDown).toEqual(nowhere(programDown));
  });

  it('shows no draft to an editor’s ended session or a junk token, and keeps none of their reads for visitors', async () => {
    const account = await t.member();
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [account.id]);
    expect((await seenBy(draftProgram, account.token)).allPosts).toBe(true);
    const logout = await t.gql('mutation { logout }', {}, account.token);
    expect(logout.errors).toBeUndefined();
    for (const token of [account.token, `${account.token.slice(0, -4)}AAAA`, 'not-a-token']) {
      const lists = await t.gql('{ allPosts(perPage: 100) { id } }', {}, token);
      expect(lists.data?.allPosts?.map((p: { id: string }) => p.id) ?? []).not.toContain(draftProgram.id);
      const legacy = await t.http.get('/api/all-program-posts').set('authorization', `Bearer ${token}`);
      expect(legacy.status === 200 ? legacy.body.map((p: { id: number }) => String(p.id)) : []).not.toContain(draftProgram.id);
    }
    const visitor = await seenBy(draftProgram);
    expect(visitor).toEqual(nowhere(visitor));
  });

  it('shows an editor who is no longer one none of the drafts they wrote', async () => {
    const account = await t.member();
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [account.id]);
    const draft = await create('name: "Written before leaving", body: "<p>Not yet</p>", categoryId: "3", status: UnAuthorised', account.token);
    await t.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [account.id]);
    const seen = await seenBy(draft, account.token);
    expect(seen).toEqual(nowhere(seen));
  });

  it('still shows a member their own testimony awaiting review, and only to them', async () => {
    const member = await t.member();
    const mine = await create('name: "My story so far", body: "<p>Grateful</p>", categoryId: "2", consentToPublish: true', member.token);
    expect(mine.status).toBe('UnAuthorised');
    const own = await t.gql('query($id: ID!) { Post(id: $id) { id status } }', { id: mine.id }, member.token);
    expect(own.data.Post).toEqual({ id: mine.id, status: 'UnAuthorised' });
    const other = await t.gql('query($id: ID!) { Post(id: $id) { id } }', { id: mine.id }, tokens.Member);
    expect(other.errors[0].extensions.code).toBe('NOT_FOUND');
    const visitor = await t.gql('query($id: ID!) { Post(id: $id) { id } }', { id: mine.id });
    expect(visitor.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
