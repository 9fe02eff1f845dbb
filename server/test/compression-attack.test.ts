import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROLES } from '@ministry/shared';
import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsDate, IsInt, IsNumber, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import compression from 'compression';
import express from 'express';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressible, compressWholeBodies } from '../src/http-cache/codings.js';
import { codedValidators } from '../src/http-cache/validators.js';
import { validationPipe } from '../src/common/validation.js';
import { ListArgs } from '../src/common/list.js';
import { startTestApp, TestApp } from './support/test-app.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as the bytes that were sent; a header given as a list is sent once per item. */
function raw(base: string, path: string, options: { method?: string; headers?: Record<string, string | string[]>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const req = httpRequest(`${base}${path}`, { method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const decoded = ({ headers, body }: Raw): Buffer =>
  headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;

/** What an answer says apart from its coding: status, headers that do not depend on it, and the decoded body. */
const meaning = (answer: Raw) => {
  const {
    'content-security-policy': _csp,
    'content-encoding': _coding,
    'content-length': _length,
    'transfer-encoding': _transfer,
    etag,
    date: _date,
    vary: _vary,
    age: _age,
    ...rest
  } = answer.headers;
  return { status: answer.status, headers: rest, etag: etag?.replace(/-(br|gz)"$/, '"'), body: decoded(answer).toString('hex') };
};

/** The coding was one the request did not refuse (RFC 9110 12.5.3: `q=0` means "not acceptable"). */
const refuses = (acceptEncoding: string, coding: string) => new RegExp(`(^|,)\\s*${coding}\\s*;\\s*q\\s*=\\s*0(\\.0{0,3})?\\s*(,|$)`, 'i').test(acceptEncoding);

const READ = '{ allVideos(perPage: 40) { id title video createdAt } }';
const gqlBody = (query: string, variables?: Record<string, unknown>) => JSON.stringify({ query, variables });

describe('compression and remembered checks under attack (production mode, every role)', () => {
  let t: TestApp;
  /** Bearer tokens by caller; the visitor has none. */
  const callers: Record<string, string | undefined> = { visitor: undefined };

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', GRAPHQL_RATE_LIMIT: '100000', PUBLIC_MISS_RATE_LIMIT: '100000' });
    for (let n = 1; n <= 40; n++)
      await t.db.query(`INSERT INTO videos (title, video) VALUES ($1, 'dQw4w9WgXcQ')`, [`Word ${n}: “hope” & <grace> ${'é'.repeat(n)}`]);
    const admin = await t.adminToken();
    callers.Admin = admin;
    for (const role of ROLES.filter((name) => name !== 'Admin')) {
      const account = await t.member();
      if (role !== 'Member') {
        const given = await t.gql(`mutation($id: ID!, $role: Role) { updateUser(id: $id, role: $role) { role } }`, { id: String(account.id), role }, admin);
        expect(given.data.updateUser.role).toBe(role);
      }
      const login = await t.http
        .post('/api/login')
        .set('x-forwarded-for', `10.8.${ROLES.indexOf(role)}.1`)
        .send({ email: account.email, password: account.password })
        .expect(200);
      callers[role] = login.body.token;
    }
  });
  afterAll(() => t?.close());

  const auth = (caller: string): Record<string, string> => (callers[caller] ? { authorization: `Bearer ${callers[caller]}` } : {});
  const json = { 'content-type': 'application/json' };

  describe('compression of answers sent whole', () => {
    const HOSTILE = [
      'gzip, deflate, br, zstd',
      'br',
      'gzip',
      '*',
      'identity;q=0',
      'br;q=0',
      'br;q=0, gzip',
      'gzip;q=0, br;q=0',
      'gzip;q=0.0, br;q=0.000, identity',
      `${'x-unknown, '.repeat(700)}gzip`,
      'BR, GZIP',
      'x-br',
    ];

    it('decode to exactly the identity answer, for every caller, path and Accept-Encoding, with the length sent and no refused coding', async () => {
      for (const caller of Object.keys(callers)) {
        for (const [path, body] of [
          ['/api/all-videos', undefined],
          ['/graphql', gqlBody(READ)],
        ] as const) {
          const headers = { ...json, ...auth(caller) };
          const identity = await raw(t.baseUrl, path, { headers: { ...headers, 'accept-encoding': 'identity' }, body });
          expect([caller, path, identity.status]).toEqual([caller, path, 200]);
          expect(identity.body.length).toBeGreaterThan(1024);
          for (const accepted of HOSTILE) {
            // Twice: a visitor's repeat is answered by the fast path from the copy the first one left.
            for (const round of [1, 2]) {
              const answer = await raw(t.baseUrl, path, { headers: { ...headers, 'accept-encoding': accepted }, body });
              const coding = answer.headers['content-encoding'] ?? 'identity';
              expect({ caller, path, accepted, round, ...meaning(answer) }).toEqual({ caller, path, accepted, round, ...meaning(identity) });
              expect({ accepted, refused: coding !== 'identity' && refuses(accepted, coding) }).toEqual({ accepted, refused: false });
              if (answer.headers['content-length'] !== undefined) expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
              if (coding !== 'identity') expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
            }
          }
        }
      }
    });

    it('answer a repeated Accept-Encoding header as the one list Node joins them into', async () => {
      const identity = await raw(t.baseUrl, '/api/all-videos', { headers: { 'accept-encoding': 'identity' } });
      const twice = await raw(t.baseUrl, '/api/all-videos', { headers: { 'accept-encoding': ['gzip', 'br;q=0'] } });
      expect(twice.headers['content-encoding']).toBe('gzip');
      expect(decoded(twice).equals(identity.body)).toBe(true);
    });

    // RFC 9110 12.4.2 allows whitespace around `;` (`weight = OWS ";" OWS "q=" qvalue`) and parameter names are
    // case-insensitive: each of these refuses brotli, on the whole-body path and the fast path alike.
    it('never sends brotli to a request that refused it with whitespace or a capital Q', async () => {
      const sent: Record<string, string | undefined> = {};
      for (const accepted of ['gzip, br; q=0', 'br ;q=0, gzip', 'gzip, br;Q=0']) {
        for (const caller of ['visitor', 'visitor', 'Member']) {
          const answer = await raw(t.baseUrl, '/graphql', { headers: { ...json, ...auth(caller), 'accept-encoding': accepted }, body: gqlBody(READ) });
          sent[`${caller} ${accepted}`] = answer.headers['content-encoding'];
        }
      }
      expect(Object.values(sent).filter((coding) => coding === 'br')).toEqual([]);
    });

    it('give HEAD no body and a tag that a GET in any coding then answers 304; a GraphQL GET holds any coding’s tag too', async () => {
      const graphqlGet = `/graphql?query=${encodeURIComponent(READ)}`;
      for (const caller of ['visitor', 'Member', 'Admin']) {
        for (const path of ['/api/all-videos', graphqlGet]) {
          const headers = { ...auth(caller), 'apollo-require-preflight': 'true' };
          // Apollo answers HEAD 405, as it did before today.
          const head = await raw(t.baseUrl, path, { method: path === graphqlGet ? 'GET' : 'HEAD', headers: { ...headers, 'accept-encoding': 'identity' } });
          expect([caller, path, head.status, path === graphqlGet || head.body.length === 0]).toEqual([caller, path, 200, true]);
          const get = await raw(t.baseUrl, path, { headers: { ...headers, 'accept-encoding': 'br' } });
          expect([caller, path, get.status, get.headers['content-encoding']]).toEqual([caller, path, 200, 'br']);
          expect(get.headers.etag).toMatch(/-br"$/);
          for (const held of [head.headers.etag!, get.headers.etag!, get.headers.etag!.replace(/-br"$/, '-gz"'), get.headers.etag!.replace(/-br"$/, '"')]) {
            const again = await raw(t.baseUrl, path, { headers: { ...headers, 'accept-encoding': 'br', 'if-none-match': `"other", ${held}` } });
            expect([caller, path, held, again.status, again.body.length]).toEqual([caller, path, held, 304, 0]);
          }
          const stale = await raw(t.baseUrl, path, { headers: { ...headers, 'accept-encoding': 'gzip', 'if-none-match': '"not-this"-br"' } });
          expect([stale.status, stale.headers['content-encoding']]).toEqual([200, 'gzip']);
          expect(decoded(stale).equals(decoded(get))).toBe(true);
        }
      }
    });

    it('give a visitor’s repeat from the fast path the coding and coded ETag the first answer had, and the same decoded bytes', async () => {
      for (const [accepted, coding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const path = `/api/all-videos?c=${accepted}`;
        await t.db.query(`UPDATE videos SET title = title WHERE id = 1`);
        const first = await raw(t.baseUrl, path, { headers: { 'accept-encoding': accepted } });
        const repeat = await raw(t.baseUrl, path, { headers: { 'accept-encoding': accepted } });
        expect([first.headers['content-encoding'], repeat.headers['content-encoding']]).toEqual([coding, coding]);
        expect(repeat.headers.etag).toBe(first.headers.etag);
        expect(decoded(repeat).equals(decoded(first))).toBe(true);
      }
    });

    it('keep every signed-in caller’s GraphQL answer private, no-store, coded and decoding to its identity answer', async () => {
      for (const caller of Object.keys(callers).filter((name) => name !== 'visitor')) {
        const headers = { ...json, ...auth(caller) };
        const identity = await raw(t.baseUrl, '/graphql', { headers: { ...headers, 'accept-encoding': 'identity' }, body: gqlBody(READ) });
        const coded = await raw(t.baseUrl, '/graphql', { headers: { ...headers, 'accept-encoding': 'br' }, body: gqlBody(READ) });
        expect([caller, coded.headers['content-encoding'], coded.headers['cache-control'], identity.headers['cache-control']]).toEqual([
          caller,
          'br',
          'private, no-store',
          'private, no-store',
        ]);
        expect(decoded(coded).equals(identity.body)).toBe(true);
      }
    });

    it('leave error answers (400, 401, 403, 404) their status, headers and bytes in every coding', async () => {
      const member = callers.Member!;
      const cases: [string, { method?: string; headers?: Record<string, string>; body?: string }][] = [
        ['/graphql', { headers: json, body: gqlBody(`{ ${'unknownField'.repeat(150)} }`) }],
        [
          '/graphql',
          {
            headers: { ...json, authorization: `Bearer ${member}` },
            body: gqlBody(`{ allVideos(perPage: 5000, filter: { q: "${'q'.repeat(900)}" }) { id } }`),
          },
        ],
        ['/api/all-prayer-requests', { headers: { authorization: 'Bearer not.a.token' } }],
        ['/api/all-users', { headers: { authorization: `Bearer ${member}` } }],
        ['/api/no-such-path', {}],
        ['/api/donation-create-order', { headers: json, body: JSON.stringify({ amount: 'x', currency: 7, giftAid: 'true', description: 'd'.repeat(3000) }) }],
      ];
      for (const [path, options] of cases) {
        const identity = await raw(t.baseUrl, path, { ...options, headers: { ...options.headers, 'accept-encoding': 'identity' } });
        expect([path, identity.status >= 400]).toEqual([path, true]);
        for (const accepted of ['br', 'gzip', 'br;q=0, gzip']) {
          const answer = await raw(t.baseUrl, path, { ...options, headers: { ...options.headers, 'accept-encoding': accepted } });
          expect({ path, accepted, ...meaning(answer) }).toEqual({ path, accepted, ...meaning(identity) });
        }
      }
    });
  });

  describe('validation memory', () => {
    it('gives every caller its own verdict when valid and invalid arguments of one shape family arrive together', async () => {
      const valid = [{ perPage: 5 }, { perPage: 5, filter: { q: 's5' } }, { perPage: 5, filter: { q: 'u' } }, { perPage: 5, filter: { q: 'dinvalid' } }];
      const invalid = [{ perPage: 5000 }, { perPage: 0 }, { perPage: 5, filter: { q: 'n'.repeat(201) } }, { perPage: -0 }];
      const query = 'query($perPage: Int, $filter: VideoFilter) { allVideos(perPage: $perPage, filter: $filter) { id } }';
      for (const caller of Object.keys(callers)) {
        const asked = [...valid, ...invalid, ...valid, ...invalid];
        const answers = await Promise.all(
          asked.map((variables) => raw(t.baseUrl, '/graphql', { headers: { ...json, ...auth(caller) }, body: gqlBody(query, variables) })),
        );
        const verdicts = answers.map(
          (answer) => (JSON.parse(answer.body.toString()) as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code ?? 'passed',
        );
        expect({ caller, verdicts }).toEqual({ caller, verdicts: asked.map((variables) => (invalid.includes(variables) ? 'BAD_USER_INPUT' : 'passed')) });
      }
    });

    it('refuses legacy bodies that differ from one that passed only in ways JSON hides, and reads hostile keys as absent, for every signed-in caller', async () => {
      // Gift Aid asks for a declaration first: a donation without it passes.
      const passes = { amount: 5, currency: 'GBP', giftAid: false };
      const refused: [string, string][] = [
        ['giftAid as text', JSON.stringify({ ...passes, giftAid: 'true' })],
        ['giftAid as a tag', JSON.stringify({ ...passes, giftAid: 'strue' })],
        ['amount past a double', JSON.stringify({ ...passes, amount: '1e400' })],
        ['amount as a tag', JSON.stringify({ ...passes, amount: 'n5' })],
        ['currency as a number', JSON.stringify({ ...passes, currency: 5 })],
        ['a description as a number', JSON.stringify({ ...passes, description: 7 })],
      ];
      // class-transformer never copies a key that names an object's own method or `__proto__`, with the memory or
      // without: the body is read without it.
      const ignored = [
        JSON.stringify({ ...passes, constructor: 'x' }),
        JSON.stringify({ ...passes, toString: 'x' }),
        `{"__proto__":{"amount":5000},"amount":5,"currency":"GBP","giftAid":false}`,
      ];
      for (const caller of Object.keys(callers).filter((name) => name !== 'visitor')) {
        const headers = { ...json, ...auth(caller), 'x-forwarded-for': `10.7.${Object.keys(callers).indexOf(caller)}.1` };
        const post = (body: string) => raw(t.baseUrl, '/api/donation-create-order', { headers, body });
        const first = await post(JSON.stringify(passes));
        expect([caller, first.status]).toEqual([caller, 200]);
        const answers = await Promise.all([...refused.map(([, body]) => post(body)), ...[...ignored, JSON.stringify(passes)].map(post)]);
        const statuses = Object.fromEntries(refused.map(([name], n) => [name, answers[n].status]));
        expect({ caller, statuses }).toEqual({ caller, statuses: Object.fromEntries(refused.map(([name]) => [name, 400])) });
        expect(answers.slice(refused.length).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      }
    });

    class Tags {
      @IsOptional()
      @IsString({ each: true })
      tags?: unknown[];
    }
    class Whole {
      @IsOptional()
      @IsInt()
      @Min(-5)
      @Max(5)
      n?: unknown;
    }
    class When {
      @IsOptional()
      @IsDate()
      at?: unknown;
    }
    class Inner {
      @IsNumber({ allowNaN: false, allowInfinity: false })
      x!: unknown;
    }
    class Outer {
      @ValidateNested()
      @Type(() => Inner)
      inner!: unknown;
    }

    // A pipe without the memory, with the options the app's has: the verdict each input must get.
    const plainPipe = new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: true });
    const passes = async (pipe: ValidationPipe, metatype: ArgumentMetadata['metatype'], value: unknown) =>
      pipe.transform(value, { type: 'body', metatype }).then(
        () => true,
        () => false,
      );

    // Values that JSON and GraphQL cannot carry but code can: class-validator's `each` skips an array's gap, so
    // ['a', , 'b'] passes a string-each rule, and ['a', undefined, 'b'] must not then pass as its look-alike; nor
    // 5n once 5 has passed `@IsInt`.
    it('gives every input the verdict a pipe without memory gives it, once a look-alike has passed', async () => {
      const gap: string[] = [];
      gap[0] = 'a';
      gap[2] = 'c';
      const cases: [string, ArgumentMetadata['metatype'], unknown, unknown][] = [
        ['gap, then undefined', Tags, { tags: gap }, { tags: ['a', undefined, 'c'] }],
        ['5, then 5n', Whole, { n: 5 }, { n: BigInt(5) }],
        ['0, then -0', Whole, { n: 0 }, { n: -0 }],
        ['-5, then "-5"', Whole, { n: -5 }, { n: '-5' }],
        ['null, then NaN', Whole, { n: null }, { n: Number.NaN }],
        ['missing, then undefined', Whole, {}, { n: undefined }],
        ['date, then its ISO text', When, { at: new Date('2026-01-01T00:00:00Z') }, { at: '2026-01-01T00:00:00.000Z' }],
        ['date, then an invalid date', When, { at: new Date('2026-01-01T00:00:00Z') }, { at: new Date('nope') }],
        ['date, then "d…" text', When, { at: new Date('2026-01-01T00:00:00Z') }, { at: 'd2026-01-01T00:00:00.000Z' }],
        ['nested 1, then Infinity', Outer, { inner: { x: 1 } }, { inner: { x: Number.POSITIVE_INFINITY } }],
        ['nested 1, then "n1"', Outer, { inner: { x: 1 } }, { inner: { x: 'n1' } }],
        ['ListArgs page, then the same on another class', Whole, { n: 2 }, { n: 2, page: 2 }],
      ];
      await passes(validationPipe, ListArgs, { page: 2 });
      const wrong: string[] = [];
      for (const [name, metatype, first, then] of cases) {
        expect([name, await passes(validationPipe, metatype, first)]).toEqual([name, true]);
        const remembered = await passes(validationPipe, metatype, then);
        const fresh = await passes(plainPipe, metatype, then);
        if (remembered !== fresh) wrong.push(`${name}: ${remembered ? 'passed' : 'refused'} with the memory, ${fresh ? 'passed' : 'refused'} without`);
      }
      expect(wrong).toEqual([]);
    });
  });
});

describe('answers at the edges of the whole-body sizes, written in pieces, or marked no-transform', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express().set('etag', 'strong');
    app.use(codedValidators, compression({ filter: compressible }), compressWholeBodies);
    app.get('/size/:n', (req, res) => void res.type('json').send(JSON.stringify('ü'.repeat(Number(req.params.n))).slice(0, Number(req.params.n) + 2)));
    app.get('/bytes/:n', (req, res) => void res.type('text').send('x'.repeat(Number(req.params.n))));
    app.get('/pieces', (_req, res) => {
      res.type('text');
      res.write('y'.repeat(3000));
      res.end('z'.repeat(3000));
    });
    app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'public, no-transform').type('text').send('n'.repeat(5000)));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('decode to the identity bytes just under and over 1 KB and 64 KB, compressed only from 1 KB', async () => {
    for (const n of [1023, 1024, 1025, 65535, 65536, 65537, 200_000]) {
      const identity = await raw(base, `/bytes/${n}`, { headers: { 'accept-encoding': 'identity' } });
      expect(identity.body.length).toBe(n);
      for (const accepted of ['br', 'gzip']) {
        const answer = await raw(base, `/bytes/${n}`, { headers: { 'accept-encoding': accepted } });
        expect([n, accepted, answer.headers['content-encoding']]).toEqual([n, accepted, n < 1024 ? undefined : accepted]);
        expect(decoded(answer).equals(identity.body)).toBe(true);
        expect(answer.headers.etag).toBe(n < 1024 ? identity.headers.etag : identity.headers.etag!.replace(/"$/, accepted === 'br' ? '-br"' : '-gz"'));
      }
    }
    for (const n of [1020, 32_000, 70_000]) {
      const identity = await raw(base, `/size/${n}`, { headers: { 'accept-encoding': 'identity' } });
      const answer = await raw(base, `/size/${n}`, { headers: { 'accept-encoding': 'br' } });
      expect(decoded(answer).equals(identity.body)).toBe(true);
    }
  });

  it('leave pieces to compression’s stream and a no-transform answer uncoded', async () => {
    const pieces = await raw(base, '/pieces', { headers: { 'accept-encoding': 'br' } });
    expect([pieces.headers['content-encoding'], pieces.headers['transfer-encoding']]).toEqual(['br', 'chunked']);
    expect(decoded(pieces).toString()).toBe('y'.repeat(3000) + 'z'.repeat(3000));
    const kept = await raw(base, '/no-transform', { headers: { 'accept-encoding': 'br, gzip' } });
    expect([kept.headers['content-encoding'], kept.body.toString()]).toEqual([undefined, 'n'.repeat(5000)]);
  });
});

/** A relay to PostgreSQL that, once `reset`, answers everything the app sends with a TCP RST (ECONNRESET in Node). */
async function startResettingRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let resetting = false;
  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined).on('close', () => sockets.delete(client));
    const upstream = connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('error', () => undefined).on('close', () => (sockets.delete(upstream), client.destroy()));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk) => {
      if (!resetting) return void upstream.write(chunk);
      upstream.destroy();
      client.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    reset: (on: boolean) => (resetting = on),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a connection reset by the database during a query (production mode)', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof startResettingRelay>>;

  beforeAll(async () => {
    relay = await startResettingRelay(process.env.TEST_POSTGRES_URL!);
    t = await startTestApp({ NODE_ENV: 'production', PAYPAL_EMULATOR: 'true', DATABASE_CONNECT_TIMEOUT_MS: '500' }, { databasePort: relay.port });
  });
  afterAll(async () => {
    relay?.reset(false);
    await t?.close();
    await relay?.close();
  });

  it('answers 503 with Retry-After, never 200 with an error or 500, to every kind of caller', async () => {
    const admin = await t.adminToken();
    relay.reset(true);
    try {
      const answers = {
        'signed-in query': await raw(t.baseUrl, '/graphql', {
          headers: { ...{ 'content-type': 'application/json' }, authorization: `Bearer ${admin}` },
          body: gqlBody('{ allVideos(perPage: 3) { id } }'),
        }),
        'visitor query': await raw(t.baseUrl, '/graphql', {
          headers: { 'content-type': 'application/json' },
          body: gqlBody('{ allVideos(perPage: 7) { id } }'),
        }),
        'signed-in list': await raw(t.baseUrl, '/api/all-books', { headers: { authorization: `Bearer ${admin}` } }),
        'visitor list': await raw(t.baseUrl, '/api/all-post-categories', {}),
      };
      const seen = Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          `${answer.status} ${answer.headers['retry-after'] ? 'Retry-After' : answer.body.toString().slice(0, 200)}`,
        ]),
      );
      expect(seen).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, '503 Retry-After'])));
    } finally {
      relay.reset(false);
    }
  });
});
