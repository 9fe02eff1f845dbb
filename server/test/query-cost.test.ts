import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readSchema } from './support/surface.js';
import { startTestApp, TestApp } from './support/test-app.js';

const RATE_LIMIT = 5;
let address = 0;
/** A fresh client address (TRUST_PROXY), so each test starts with an empty rate-limit window. */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;

describe('query cost', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_RATE_LIMIT: String(RATE_LIMIT) });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const post = (body: string | object, from = nextAddress(), token?: string) => {
    const call = t.http.post('/graphql').set({ 'content-type': 'application/json', 'x-forwarded-for': from });
    if (token) call.set('authorization', `Bearer ${token}`);
    return call.send(body);
  };

  it('refuses a visitor query of 30 cities aliases before running it, and still answers one cities list', async () => {
    const flood = `{ ${Array.from({ length: 30 }, (_, i) => `c${i}: cities(country: "GB", state: "ENG") { name }`).join(' ')} }`;
    const refused = await post({ query: flood });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', maxCost: 5000 });
    expect(refused.body.errors[0].extensions.cost).toBeGreaterThan(5000);
    expect(refused.body.errors[0].message).toMatch(/more than the 5000 allowed/);
    expect(refused.text.length).toBeLessThan(1000);

    const one = await post({ query: '{ cities(country: "GB", state: "ENG") { name } }' }).expect(200);
    expect(one.body.data.cities).toContainEqual({ name: 'London' });
  });

  it('refuses perPage above 100 for visitors and members, naming the limit, and allows admins up to 1000', async () => {
    const member = await t.member();
    for (const token of [undefined, member.token]) {
      const literal = await post({ query: '{ allPosts(perPage: 101) { id } }' }, nextAddress(), token);
      expect(literal.status).toBe(400);
      expect(literal.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'perPage' });
      expect(literal.body.errors[0].message).toMatch(/at most 100/);
      const variable = await post({ query: 'query ($n: Int) { allPosts(perPage: $n) { id } }', variables: { n: 1000 } }, nextAddress(), token);
      expect(variable.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'perPage' });
      const nested = await post({ query: '{ _allPostsMeta(perPage: 500) { count } }' }, nextAddress(), token);
      expect(nested.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      await post({ query: '{ allPosts(perPage: 100) { id } }' }, nextAddress(), token).expect(200);
    }
    const exported = await post({ query: '{ allPosts(perPage: 1000) { id name } }' }, nextAddress(), admin).expect(200);
    expect(exported.body.errors).toBeUndefined();
    const tooMany = await post({ query: '{ allPosts(perPage: 1001) { id } }' }, nextAddress(), admin);
    expect(tooMany.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'perPage' });
    expect(tooMany.body.errors[0].message).toMatch(/at most 1000/);
  });

  it('lets an admin export 1000 rows of every list with every field', async () => {
    const { operations, named } = await readSchema(t);
    const lists = operations.filter(({ root, field }) => root === 'Query' && /^all[A-Z]/.test(field.name));
    expect(lists.length).toBeGreaterThan(10);
    /** Every field, and the scalar fields of the objects they point to (what the admin console asks for). */
    const everything = (typeName: string, depth: number): string => {
      const type = named({ kind: 'OBJECT', name: typeName, ofType: null });
      const fields = type.fields!.filter((f) => !f.args.some((a) => a.type.kind === 'NON_NULL')).flatMap((f) => {
        const inner = named(f.type);
        if (inner.kind === 'OBJECT') return depth > 0 ? [`${f.name} { ${everything(inner.name, depth - 1)} }`] : [];
        return [f.name];
      });
      return fields.length ? fields.join(' ') : '__typename';
    };
    for (const { field } of lists) {
      const query = `{ ${field.name}(perPage: 1000) { ${everything(named(field.type).name, 1)} } }`;
      const response = await post({ query }, nextAddress(), admin);
      expect({ list: field.name, errors: response.body.errors }).toEqual({ list: field.name, errors: undefined });
    }
  });

  it('serves cities to forms as a per-country file the browser caches', async () => {
    const file = await t.http.get('/cities/GB.json').expect(200);
    expect(file.headers['content-type']).toMatch(/application\/json/);
    expect(file.headers['cache-control']).toMatch(/public, max-age=2592000/);
    expect(file.body.ENG).toContain('London');
    expect(Object.keys(file.body).length).toBeGreaterThan(3);

    const again = await t.http.get('/cities/gb.json').set('if-none-match', file.headers.etag).expect(304);
    expect(again.text).toBe('');
    await t.http.get('/cities/XX.json').expect(404);
    await t.http.get('/cities/GBR.json').expect(404);
    await t.http.get('/cities/GB').expect(404);
  });

  it('counts a burst of the same new query once: those arriving meanwhile wait for the first answer', async () => {
    const from = nextAddress();
    const burst = await Promise.all(Array.from({ length: 4 * RATE_LIMIT }, () => post({ query: '{ allBooks(perPage: 3) { id } }' }, from)));
    expect(burst.map((r) => r.status)).toEqual(Array(4 * RATE_LIMIT).fill(200));
    const [counter] = await t.db.query('SELECT count FROM rate_limit_counter WHERE key = $1', [`graphql:${from}`]);
    expect(counter.count).toBe(1);
  });

  it('answers a visitor query written differently from the public cache, and limits queries that miss it', async () => {
    const from = nextAddress();
    const variants = [
      { query: 'query Home($n: Int) { a: allPosts(perPage: $n) { id name } b: allVideos { id } }', variables: { n: 3 } },
      { query: 'query   Other ($n:Int){\n  b: allVideos { id }\n  a: allPosts(perPage:$n){name id} # reordered\n}', variables: { n: 3 } },
      {
        query: 'query Unused { allBooks { id } } query Third($n: Int) { b: allVideos { id }, a: allPosts(perPage: $n) { id, name } }',
        operationName: 'Third',
        variables: { unused: Math.random(), n: 3 },
      },
    ];
    for (let round = 0; round < 3; round++) {
      for (const variant of variants) {
        const response = await post(variant, from);
        expect(response.status).toBe(200);
        expect(response.body.errors).toBeUndefined();
        // The answer follows the order this request asked for, whichever order filled the cache.
        const order = variant.query.indexOf('b: allVideos') < variant.query.indexOf('a: allPosts') ? ['b', 'a'] : ['a', 'b'];
        expect(Object.keys(response.body.data)).toEqual(order);
      }
    }

    // Each distinct query misses the cache and counts; the cached ones above counted once between them.
    const misses = [];
    for (let n = 1; n <= RATE_LIMIT; n++) misses.push((await post({ query: `{ allPosts(perPage: ${n}) { id } }` }, from)).status);
    expect(misses).toEqual([...Array(RATE_LIMIT - 1).fill(200), 429]);
    const limited = await post({ query: '{ allVideos(perPage: 7) { id } }' }, from);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].extensions.code).toBe('TOO_MANY_REQUESTS');
    // What is cached still answers, signed-in callers and other addresses are not affected.
    await post(variants[0], from).expect(200);
    await post({ query: '{ allVideos(perPage: 7) { id } }' }, from, admin).expect(200);
    await post({ query: '{ allVideos(perPage: 7) { id } }' }).expect(200);
  });
});
