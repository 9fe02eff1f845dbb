import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiRoutes, readSchema } from './support/surface.js';
import { startTestApp, TestApp } from './support/test-app.js';

/**
 * The public surface, listed on purpose: every other REST path and GraphQL operation must refuse a visitor.
 * A new public entry point fails this test until it is added here.
 */
const PUBLIC_REST = new Set([
  'GET /healthz',
  'POST /api/register',
  'POST /api/login',
  'POST /api/admin-login',
  'POST /api/send-reset-token',
  'POST /api/reset-password',
  'GET /api/geo/countries',
  'GET /api/geo/countries/:country/states',
  'GET /api/geo/countries/:country/states/:state/cities',
  'GET /api/all-posts-by-category/:id',
  'GET /api/all-posts',
  'GET /api/all-post-categories',
  'GET /api/all-program-posts',
  'GET /api/all-videos',
  'GET /api/all-books',
  'GET /api/all-slider-images',
  'GET /api/all-visit-ancc-image',
  'GET /api/all-zoom-image',
  'POST /api/contact-us',
  'POST /api/question',
  'POST /api/counselling',
  'POST /api/baptism',
  'POST /api/paypal/webhook',
]);

const PUBLIC_GRAPHQL = new Set([
  'Query.countries',
  'Query.states',
  'Query.cities',
  'Mutation.register',
  'Mutation.login',
  'Mutation.adminLogin',
  'Mutation.sendResetToken',
  'Mutation.resetPassword',
  'Query.Post',
  'Query.allPosts',
  'Query._allPostsMeta',
  'Query.postBySlug',
  'Query.PostCategory',
  'Query.allPostCategories',
  'Query._allPostCategoriesMeta',
  'Query.Video',
  'Query.allVideos',
  'Query._allVideosMeta',
  'Query.SliderImage',
  'Query.allSliderImages',
  'Query._allSliderImagesMeta',
  'Query.VisitImage',
  'Query.allVisitImages',
  'Query._allVisitImagesMeta',
  'Query.MeetingImage',
  'Query.allMeetingImages',
  'Query._allMeetingImagesMeta',
  'Query.Book',
  'Query.allBooks',
  'Query._allBooksMeta',
  'Mutation.createContactEnquiry',
  'Mutation.createQuestion',
  'Mutation.createCounsellingRequest',
  'Mutation.createBaptismRequest',
  'Query.paymentSettings',
  'Query.siteSettings',
]);

describe('default deny', () => {
  let t: TestApp;
  let schema: Awaited<ReturnType<typeof readSchema>>;

  beforeAll(async () => {
    t = await startTestApp();
    schema = await readSchema(t);
  });
  afterAll(() => t.close());

  it('refuses a visitor on every REST path not listed as public', async () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(10);

    const guarded = routes.filter((route) => !PUBLIC_REST.has(route));
    expect(guarded).toContain('GET /api/get-user-by-email/:email');
    for (const route of guarded) {
      const [method, path] = route.split(' ');
      const url = path.replace(/:\w+/g, '1');
      const response = await t.http[method.toLowerCase() as 'get'](url).send({});
      expect({ route, status: response.status }).toEqual({ route, status: 401 });
    }
  });

  it('refuses a visitor on every GraphQL operation not listed as public', async () => {
    const { operations, literal, selection } = schema;
    expect(operations.length).toBeGreaterThan(10);

    const guarded = operations.filter(({ root, field }) => !PUBLIC_GRAPHQL.has(`${root}.${field.name}`));
    expect(guarded.map(({ field }) => field.name)).toEqual(expect.arrayContaining(['allUsers', 'me', 'logout']));
    for (const { root, field } of guarded) {
      const required = field.args.filter((a) => a.type.kind === 'NON_NULL');
      const args = required.length ? `(${required.map((a) => `${a.name}: ${literal(a.type)}`).join(', ')})` : '';
      const document = `${root === 'Mutation' ? 'mutation' : 'query'} { ${field.name}${args} ${selection(field.type)} }`;
      const response = await t.gql(document);
      expect({ operation: field.name, code: response.errors?.[0]?.extensions?.code }).toEqual({ operation: field.name, code: 'UNAUTHENTICATED' });
    }
  });

  it('leaves the health check and the geo lists open to visitors', async () => {
    const response = await t.http.get('/api/geo/countries');
    expect(response.status).toBe(200);
    const health = await t.http.get('/healthz');
    expect(health.status).toBe(200);
  });

  it('refuses deep queries, alias floods and batched requests, and sends security headers', async () => {
    const ofTypes = Array.from({ length: 9 }).reduce<string>((inner) => `ofType { ${inner} }`, 'name');
    const deep = await t.gql(`{ countries { code } __type(name: "User") { fields { type { ${ofTypes} } } } }`);
    expect(deep.errors[0].message).toMatch(/too deep/);

    const aliases = `{ ${Array.from({ length: 40 }, (_, i) => `c${i}: countries { code }`).join(' ')} }`;
    const flood = await t.gql(aliases);
    expect(flood.errors[0].message).toMatch(/too many aliases/);

    const fine = await t.gql('{ a: countries { code } b: countries { name } }');
    expect(fine.errors).toBeUndefined();

    const batch = await t.http.post('/graphql').set('content-type', 'application/json').send([{ query: '{ countries { code } }' }, { query: '{ countries { code } }' }]);
    expect(batch.status).toBe(400);

    const page = await t.http.get('/healthz');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-powered-by']).toBeUndefined();
  });
});

describe('schema introspection in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' });
  });
  afterAll(() => t.close());

  it('is open to admins only, telling an ended session from a member', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await t.gql(query)).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const member = await t.member();
    expect((await t.gql(query, {}, member.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.gql(query, {}, await t.adminToken())).data.__schema.queryType.name).toBe('Query');
  });
});
