import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { can, ROLES, type Role } from '../src/access/permissions.js';
import { PUBLIC_GRAPHQL, PUBLIC_REST } from '../src/http-cache/public-endpoints.js';
import { apiRoutes, type DeclaredAccess, graphqlAccess, readSchema, restAccess } from './support/surface.js';
import { startTestApp, TestApp } from './support/test-app.js';

/**
 * Entry points any signed-in account may use (no permission declared): each answers only the caller's own records
 * (`requireOwner`, `ownerScope`). A new one fails the matrix test until it is added here, on purpose.
 */
const SIGNED_IN_GRAPHQL = new Set([
  'Query.Booking',
  'Query.myBookings',
  'Query.myCommunicationPreferences',
  'Mutation.updateCommunicationPreferences',
  'Mutation.captureBooking',
  'Query.BookOrder',
  'Query.Donation',
  'Query.PrayerRequest',
  'Query._allBookOrdersMeta',
  'Query._allDonationsMeta',
  'Query._allPrayerRequestsMeta',
  'Query.allBookOrders',
  'Query.allDonations',
  'Query.allPrayerRequests',
  'Query.exportMyData',
  'Query.me',
  'Query.myConsents',
  'Query.mySignIns',
  'Mutation.captureBookOrder',
  'Mutation.captureDonation',
  'Mutation.changeEmail',
  'Mutation.changePassword',
  'Mutation.changePrayerPrivacy',
  'Mutation.closePrayerRequest',
  'Mutation.createBookOrder',
  'Mutation.createDonation',
  'Mutation.createPost',
  'Mutation.createPrayerRequest',
  'Mutation.deleteMyAccount',
  'Mutation.deletePost',
  'Mutation.logout',
  'Mutation.renewPrayerRequest',
  'Mutation.sendVerificationEmail',
  'Mutation.updatePost',
  'Mutation.withdrawConsent',
  // Regular gifts: a member's own, checked in the service.
  'Query.RegularDonation',
  'Query._allRegularDonationsMeta',
  'Query.allRegularDonations',
  'Mutation.cancelRegularDonation',
  'Mutation.confirmRegularDonation',
  'Mutation.createRegularDonation',
  // Gift Aid declarations and giving statements: the caller's own.
  'Query.myGiftAidDeclarations',
  'Query.giftAidDeclarationForm',
  'Query.myGivingStatements',
  'Mutation.createGiftAidDeclaration',
  'Mutation.cancelGiftAidDeclaration',
]);

const SIGNED_IN_REST = new Set([
  'POST /api/logout',
  'GET /api/me',
  'GET /api/me/export',
  'POST /api/change-password',
  'POST /api/uploads',
  'GET /api/testimonies/:userId/2/my-testimonies',
  'POST /api/add-post',
  'PUT /api/update-post/:id',
  'DELETE /api/delete-post/:id',
  'POST /api/make-prayer-request',
  'GET /api/prayer-request/:userId/my-prayer-requests',
  'POST /api/createOrder',
  'POST /api/captureOrder',
  'POST /api/donation-create-order',
  'POST /api/donation-capture-order',
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

    const batch = await t.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send([{ query: '{ countries { code } }' }, { query: '{ countries { code } }' }]);
    expect(batch.status).toBe(400);

    const page = await t.http.get('/healthz');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-powered-by']).toBeUndefined();
  });
});

/** The guard's own answers, told apart from a service's (a member may not authorise a testimony; a wrong password). */
const GUARD_REFUSAL = 'You are not allowed to do this';
const GUARD_SIGN_IN = 'Please log in to continue';

const grants = (role: Role, access: DeclaredAccess) => access.public || access.permissions.every((permission) => can({ role }, permission));

/** Ending the caller's session comes last, so every other call still carries a live token. */
const endsSession = (name: string) => /logout/i.test(name);
const sessionLast = (a: string, b: string) => Number(endsSession(a)) - Number(endsSession(b));

describe('the role × operation matrix, from the permission table and the schema', () => {
  let t: TestApp;
  let schema: Awaited<ReturnType<typeof readSchema>>;
  let graphql: Map<string, DeclaredAccess>;

  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_RATE_LIMIT: '100000' });
    schema = await readSchema(t);
    graphql = graphqlAccess();
  });
  afterAll(() => t.close());

  it('knows the declared access of every operation; the public and the signed-in ones are exactly the listed ones', () => {
    const everyone = (access: DeclaredAccess) => !access.public && access.permissions.length === 0;
    const operations = schema.operations.map(({ root, field }) => `${root}.${field.name}`);
    expect(operations.filter((name) => !graphql.has(name))).toEqual([]);
    expect(operations.filter((name) => graphql.get(name)!.public).sort()).toEqual([...PUBLIC_GRAPHQL].sort());
    expect(operations.filter((name) => everyone(graphql.get(name)!)).sort()).toEqual([...SIGNED_IN_GRAPHQL].sort());

    const rest = restAccess(t);
    const routes = apiRoutes(t);
    expect(routes.filter((route) => !rest.has(route))).toEqual([]);
    expect(routes.filter((route) => rest.get(route)!.public).sort()).toEqual(
      [...PUBLIC_REST].filter((route) => route.startsWith('/api', route.indexOf(' ') + 1)).sort(),
    );
    expect(routes.filter((route) => everyone(rest.get(route)!)).sort()).toEqual([...SIGNED_IN_REST].sort());
  });

  it.each(ROLES)('%s: refused with FORBIDDEN wherever its permissions fall short, let through everywhere else', async (role) => {
    const account = await t.member();
    await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, account.id]);
    const { literal, selection } = schema;

    const operations = schema.operations.sort((a, b) => sessionLast(a.field.name, b.field.name));
    for (const { root, field } of operations) {
      const name = `${root}.${field.name}`;
      const required = field.args.filter((a) => a.type.kind === 'NON_NULL');
      const args = required.length ? `(${required.map((a) => `${a.name}: ${literal(a.type)}`).join(', ')})` : '';
      const response = await t.gql(`${root === 'Mutation' ? 'mutation' : 'query'} { ${field.name}${args} ${selection(field.type)} }`, {}, account.token);
      const error = response.errors?.[0];
      const refused = error?.message === GUARD_SIGN_IN || (error?.extensions?.code === 'FORBIDDEN' && error.message === GUARD_REFUSAL);
      expect({ name, refused }).toEqual({ name, refused: !grants(role, graphql.get(name)!) });
    }

    // GraphQL's logout ended that session: REST gets a new one.
    const token = (await t.http.post('/api/login').send({ email: account.email, password: account.password }).expect(200)).body.token as string;
    const rest = restAccess(t);
    for (const route of apiRoutes(t).sort(sessionLast)) {
      const [method, path] = route.split(' ');
      const response = await t.http[method.toLowerCase() as 'get'](path.replace(/:\w+/g, '1')).set('authorization', `Bearer ${token}`).send({});
      const message = response.body.errors?.[0]?.msg;
      const refused = message === GUARD_SIGN_IN || (response.status === 403 && message === GUARD_REFUSAL);
      expect({ route, refused }).toEqual({ route, refused: !grants(role, rest.get(route)!) });
    }
  });
});

describe('schema introspection in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true' });
  });
  afterAll(() => t.close());

  it('is open to staff only (the console builds itself from it), telling an ended session from a member', async () => {
    const query = '{ __schema { queryType { name } } }';
    expect((await t.gql(query)).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const member = await t.member();
    expect((await t.gql(query, {}, member.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await t.gql(query, {}, await t.adminToken())).data.__schema.queryType.name).toBe('Query');
    const editor = await t.member();
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [editor.id]);
    expect((await t.gql(query, {}, editor.token)).data.__schema.queryType.name).toBe('Query');
  });
});
