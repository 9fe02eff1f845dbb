import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiRoutes, readSchema, type TypeRef } from './support/surface.js';
import { asOwner, startTestApp, TestApp } from './support/test-app.js';

/** Record ids a client might send by mistake or on purpose, as raw JSON (1e309 parses to Infinity). */
const BAD_IDS = ['"abc"', '-1', '1e309', '"1 OR 1=1"', '"0x1"', '"01"', '" 1"', '"1e0"'];
const ID_NAME = /^(id|ids)$|[a-z]Ids?$/;
/** What a database error or an unexpected failure leaves in the log. */
const FAILURE_IN_LOG = /QueryFailedError|invalid input syntax|out of range|\[SQL\]|\[Errors\]/;

describe('bad input', () => {
  let t: TestApp;
  let admin: string;
  let log: string[];
  const writes = { out: process.stdout.write, err: process.stderr.write };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  // The log is read as well as the answer: a 4xx that first hit the database still costs a failed statement.
  beforeEach(() => {
    log = [];
    const capture = (chunk: unknown) => {
      log.push(String(chunk));
      return true;
    };
    process.stdout.write = capture;
    process.stderr.write = capture;
  });
  afterEach(() => {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
  });

  it('answers 400 to a malformed % escape in any path', async () => {
    for (const path of ['/assets/%E0%A4%A', '/post-details/%E0%A4%A', '/admin/%E0%A4%A', '/uploads/%E0%A4%A']) {
      const response = await t.http.get(path);
      expect({ path, status: response.status, text: response.text }).toEqual({ path, status: 400, text: expect.stringMatching(/malformed % escape/) });
    }
    const api = await t.http.get('/api/all-posts-by-category/%E0%A4%A');
    expect(api.status).toBe(400);
    expect(api.body.errors[0].msg).toMatch(/malformed % escape/);
    expect(log.join('')).not.toMatch(/URIError/);
  });

  it('answers 400 to a body that is not JSON, on GraphQL as on the legacy API', async () => {
    for (const path of ['/graphql', '/api/login']) {
      const response = await t.http.post(path).set('content-type', 'application/json').send('{"query": ');
      expect({ path, status: response.status, message: response.body.errors?.[0]?.msg }).toEqual({ path, status: 400, message: 'Unexpected end of JSON input' });
    }
  });

  it('refuses a list filter with ids that are not record ids, naming the field', async () => {
    const result = await t.gql('{ allPosts(filter: { ids: ["abc"] }) { id } }');
    expect(result.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.ids' });
    expect(log.join('')).not.toMatch(FAILURE_IN_LOG);
  });

  it('refuses bad ids in every id argument of the schema without reaching the database', async () => {
    const { operations, named, literal, selection, typeName } = await readSchema(t);

    /** One call per id argument, or per id field of an input argument (`filter.ids`, `items.bookId`). */
    const calls = operations.flatMap(({ root, field }) => {
      const call = (target: string, variableType: TypeRef, argument: (value: string) => string) => {
        const others = field.args.filter((a) => a.type.kind === 'NON_NULL' && !argument('$v').startsWith(`${a.name}:`));
        const args = [argument('$v'), ...others.map((a) => `${a.name}: ${literal(a.type)}`)].join(', ');
        const document = `${root === 'Mutation' ? 'mutation' : 'query'} ($v: ${typeName(variableType)}) { ${field.name}(${args}) ${selection(field.type)} }`;
        return { target: `${field.name}(${target})`, document, idTyped: named(variableType).name === 'ID' };
      };
      return field.args.flatMap((arg) => {
        if (ID_NAME.test(arg.name)) return [call(arg.name, arg.type, (v) => `${arg.name}: ${v}`)];
        const input = named(arg.type);
        if (input.kind !== 'INPUT_OBJECT') return [];
        const asList = (object: string) => (JSON.stringify(arg.type).includes('"LIST"') ? `[${object}]` : object);
        return input.inputFields!.filter((f) => ID_NAME.test(f.name)).map((f) => {
          const siblings = input.inputFields!.filter((s) => s !== f && s.type.kind === 'NON_NULL').map((s) => `, ${s.name}: ${literal(s.type)}`);
          return call(`${arg.name}.${f.name}`, f.type, (v) => `${arg.name}: ${asList(`{ ${f.name}: ${v}${siblings.join('')} }`)}`);
        });
      });
    });
    expect(calls.map((c) => c.target)).toEqual(expect.arrayContaining(['Post(id)', 'deletePost(id)', 'allPosts(filter.ids)', 'createBookOrder(items.bookId)']));

    for (const { target, document, idTyped } of calls) {
      for (const value of BAD_IDS) {
        const response = await t.http
          .post('/graphql')
          .set({ 'content-type': 'application/json', authorization: `Bearer ${admin}` })
          .send(`{"query": ${JSON.stringify(document)}, "variables": {"v": ${value}}}`);
        const error = response.body.errors?.[0];
        const outcome = { target, value, status: response.status < 500, code: error?.extensions?.code };
        expect(outcome).toEqual({ ...outcome, status: true, code: expect.stringMatching(/^(BAD_USER_INPUT|NOT_FOUND|FORBIDDEN)$/) });
        // A value GraphQL's own types accept reaches our code, which names the field at fault.
        if (idTyped && value !== '1e309') {
          expect({ target, value, code: error?.extensions?.code, field: error?.extensions?.field }).toEqual({ target, value, code: 'BAD_USER_INPUT', field: expect.any(String) });
        }
      }
    }
    expect(log.join('')).not.toMatch(FAILURE_IN_LOG);
    // Hundreds of requests one after another: a guard against a hang, not a measure of speed.
  }, 300_000);

  it('answers an unexpected failure 500 INTERNAL_SERVER_ERROR without detail, on GraphQL as on the legacy API, and logs it', async () => {
    // A table gone from under the app is a failure no caller caused and no upstream service answered.
    // Only the schema's owner may, not the app's own role.
    await asOwner(t.databaseName, (owner) => owner.query('ALTER TABLE videos RENAME TO videos_moved_away'));
    try {
      const legacy = await t.http.get('/api/all-videos').set('authorization', `Bearer ${admin}`);
      expect({ status: legacy.status, body: legacy.body }).toEqual({ status: 500, body: { errors: [{ msg: 'Something went wrong on our side. Please try again.', path: '' }], code: 'INTERNAL_SERVER_ERROR' } });
      const graphql = await t.gql('{ allVideos { id } }', {}, admin);
      expect(graphql.errors[0]).toMatchObject({ message: 'Something went wrong on our side. Please try again.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expect(JSON.stringify([legacy.body, graphql])).not.toMatch(/videos|relation|SQL/);
    } finally {
      await asOwner(t.databaseName, (owner) => owner.query('ALTER TABLE videos_moved_away RENAME TO videos'));
    }
    expect(log.join('')).toMatch(/relation "(public\.)?videos" does not exist/);
  });

  it('answers 400 to bad ids in every REST path that takes one', async () => {
    const routes = apiRoutes(t).filter((route) => /:(id|\w+Id)\b/.test(route));
    expect(routes).toEqual(expect.arrayContaining(['GET /api/all-posts-by-category/:id', 'DELETE /api/delete-post/:id']));
    for (const route of routes) {
      const [method, path] = route.split(' ');
      // Other spellings of an id are refused too: each would be a new page for the visitors' cache to keep.
      for (const value of ['abc', '-1', '1e309', '1 OR 1=1', '0x1', '01', ' 1', '1e0', '1.0']) {
        const url = path.replace(/:\w+/g, encodeURIComponent(value));
        const response = await t.http[method.toLowerCase() as 'get'](url).set('authorization', `Bearer ${admin}`).send({});
        expect({ route, value, status: response.status }).toEqual({ route, value, status: 400 });
      }
    }
    expect(log.join('')).not.toMatch(FAILURE_IN_LOG);
  });
});
