import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import jwt from 'jsonwebtoken';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { JWT_ISSUER } from '../src/auth/auth.service.js';
import { pageCache } from '../src/http-cache/page-cache.js';
import { PublicReadCache } from '../src/http-cache/public-read-cache.js';
import { expectFromCache } from './support/read-cache.js';
import { startTestApp, TestApp } from './support/test-app.js';

const LIMIT = 5;
const MAX_BYTES = 2_000_000;
let address = 0;
/** A fresh client address (TRUST_PROXY), so each test starts with empty rate-limit windows. */
const nextAddress = () => `10.78.${Math.floor(++address / 250)}.${address % 250}`;
/** An ETag without the coding it names: a small answer goes out compressed from the fast path only. */
const validator = (etag: string) => etag.replace(/-(br|gz)"$/, '"');

describe('visitors are verified, and the visitors’ cache cannot be flooded', () => {
  let t: TestApp;
  let cache: PublicReadCache;

  beforeAll(async () => {
    // As a public site runs, with its defaults (SQL counting off).
    t = await startTestApp({
      NODE_ENV: 'production',
      PAYPAL_EMULATOR: 'true',
      GRAPHQL_RATE_LIMIT: String(LIMIT),
      PUBLIC_MISS_RATE_LIMIT: String(LIMIT),
      PUBLIC_CACHE_MAX_BYTES: String(MAX_BYTES),
    });
    cache = t.app.get(PublicReadCache);
    // Enough posts that a page of them weighs tens of kilobytes.
    await t.db.query(
      `INSERT INTO posts (name, slug, body, category_id) SELECT 'Post ' || n, 'post-' || n, repeat('A sermon on patience. ', 200 + n), 3 FROM generate_series(1, 120) AS n`,
    );
  });
  afterAll(() => t.close());

  const post = (query: string, from: string, headers: Record<string, string> = {}) =>
    t.http.post('/graphql').set({ 'content-type': 'application/json', 'x-forwarded-for': from, ...headers }).send({ query });
  let asked = 0;
  /** Queries never asked before, so each one misses the cache. */
  const misses = async (from: string, headers: Record<string, string> = {}) => {
    const statuses = [];
    for (let n = 1; n <= LIMIT + 1; n++) statuses.push((await post(`{ allVideos(perPage: ${++asked}) { id } }`, from, headers)).status);
    return statuses;
  };
  const expectLimited = (statuses: number[]) => expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);

  /** A token signed with the app's secret that expired a minute ago. */
  const expiredToken = (id: number) => jwt.sign({ sub: id, role: 'Admin', ver: 0, iss: JWT_ISSUER, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.jwtSecret);

  it('counts queries sent with a junk, an expired, a forged or an ended token against the visitors’ limit', async () => {
    expectLimited(await misses(nextAddress(), { authorization: 'Bearer junk' }));
    expectLimited(await misses(nextAddress(), { authorization: `Bearer ${expiredToken(1)}` }));
    const forged = jwt.sign({ sub: 1, role: 'Admin', ver: 0, iss: JWT_ISSUER }, 'not the app’s secret, though just as long');
    expectLimited(await misses(nextAddress(), { authorization: `Bearer ${forged}` }));
    const member = await t.member();
    await post('mutation { logout }', nextAddress(), { authorization: `Bearer ${member.token}` }).expect(200);
    expectLimited(await misses(nextAddress(), { authorization: `Bearer ${member.token}` }));
    // A member signed in is not a visitor: not limited, never answered from the cache.
    const signedIn = await t.member();
    expect(await misses(nextAddress(), { authorization: `Bearer ${signedIn.token}` })).toEqual(Array(LIMIT + 1).fill(200));
  });

  it('answers a junk or an ended token the visitors’ answer, from the cache, also to HEAD and If-None-Match', async () => {
    const ended = await t.member();
    await post('mutation { logout }', nextAddress(), { authorization: `Bearer ${ended.token}` }).expect(200);
    let from = '';
    const list = (headers: Record<string, string>) => t.http.get('/api/all-videos').set(headers).expect(200);
    /** A visitor's list, then as asked with a junk token (GET, HEAD, If-None-Match) and with the ended one. */
    const visitor = async () => {
      const { body, headers } = await list({});
      return { body, etags: [headers.etag, headers.etag, headers.etag].map(validator), notModified: 304 };
    };
    const withTokens = async () => {
      const junk = await list({ authorization: 'Bearer junk' });
      const head = await t.http.head('/api/all-videos').set('authorization', 'Bearer junk').expect(200);
      const notModified = await t.http.get('/api/all-videos').set({ authorization: 'Bearer junk', 'if-none-match': junk.headers.etag });
      // The ended token passes its signature, so only the database tells.
      from = nextAddress();
      const endedAnswer = await list({ authorization: `Bearer ${ended.token}`, 'x-forwarded-for': from });
      return { body: junk.body, etags: [junk.headers.etag, head.headers.etag, endedAnswer.headers.etag].map(validator), notModified: notModified.status };
    };
    await expectFromCache(t, visitor, withTokens);
    // Answered from the cache, the ended token's read was no miss.
    expect(await t.db.query('SELECT count FROM rate_limit_counter WHERE key = $1', [`public-miss:${from}`])).toEqual([]);
  });

  it('never keeps for visitors what a signed-in caller sees, whatever the case of its scheme', async () => {
    await t.db.query(`INSERT INTO posts (name, slug, body, category_id, status) VALUES ('Draft for staff', 'draft-for-staff', 'Not yet', 3, 'UnAuthorised')`);
    const query = '{ allPosts(perPage: 100, filter: { q: "Draft for staff" }) { id name } }';
    const admin = await t.adminToken();
    for (const authorization of [`bearer ${admin}`, `BEARER   ${admin}`]) {
      const staff = await post(query, nextAddress(), { authorization }).expect(200);
      expect(staff.body.data.allPosts.map((p: { name: string }) => p.name)).toContain('Draft for staff');
      expect(staff.headers['cache-control']).toBe('private, no-store');
    }
    const visitor = await post(query, nextAddress()).expect(200);
    expect(visitor.body.data.allPosts).toEqual([]);
  });

  it('gives a staff token ended by logout, or whose holder is no longer staff, a visitor’s cost limits', async () => {
    const editor = await t.member();
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [editor.id]);
    const staffToken = (await t.http.post('/api/admin-login').set('x-forwarded-for', nextAddress()).send({ email: editor.email, password: editor.password }).expect(200)).body.token as string;
    const export1000 = '{ allPosts(perPage: 1000) { id } }';
    await post(export1000, nextAddress(), { authorization: `Bearer ${staffToken}` }).expect(200);

    await t.db.query(`UPDATE users SET role = 'Member' WHERE id = $1`, [editor.id]);
    const demoted = await post(export1000, nextAddress(), { authorization: `Bearer ${staffToken}` });
    expect(demoted.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'perPage' });

    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [editor.id]);
    await post('mutation { logout }', nextAddress(), { authorization: `Bearer ${staffToken}` }).expect(200);
    const ended = await post(export1000, nextAddress(), { authorization: `Bearer ${staffToken}` });
    expect(ended.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'perPage' });
  });

  it('lets x-sql-count past neither the cache nor the limit unless the configuration turns it on', async () => {
    const counted = await misses(nextAddress(), { 'x-sql-count': '1' });
    expectLimited(counted);
    const answer = await post('{ allVideos(perPage: 1) { id } }', nextAddress(), { 'x-sql-count': '1' }).expect(200);
    expect(answer.headers['x-sql-count']).toBeUndefined();
  });

  // Entries are counted as at most those before: a notification of an earlier write may still empty the cache.
  it('keeps a public list once, whatever query string or letter case it is asked with', async () => {
    const first = await t.http.get('/api/all-posts').set('x-forwarded-for', nextAddress()).expect(200);
    const entries = cache.size().entries;
    const from = nextAddress();
    for (let n = 0; n < 3 * LIMIT; n++) {
      for (const path of [`/api/all-posts?c=${n}`, `/api/All-Posts?c=${n}`, '/api/all-posts/']) {
        const again = await t.http.get(path).set('x-forwarded-for', from).expect(200);
        expect(again.headers.etag).toBe(first.headers.etag);
      }
    }
    expect(cache.size().entries).toBeLessThanOrEqual(entries);
  });

  it('keeps a GraphQL GET once whatever other parameters it carries, and counts one that misses', async () => {
    const get = (query: Record<string, string>, from: string) => t.http.get('/graphql').query(query).set({ 'apollo-require-preflight': 'true', 'x-forwarded-for': from });
    const first = await get({ query: '{ allBooks { id } }' }, nextAddress()).expect(200);
    const entries = cache.size().entries;
    const from = nextAddress();
    for (let n = 0; n < 3 * LIMIT; n++) {
      const again = await get({ query: '{ allBooks { id } }', junk: String(n) }, from).expect(200);
      expect(validator(again.headers.etag)).toBe(validator(first.headers.etag));
    }
    expect(cache.size().entries).toBeLessThanOrEqual(entries);

    const statuses = [];
    for (let n = 1; n <= LIMIT + 1; n++) statuses.push((await get({ query: `{ allBooks(perPage: ${n}) { id } }`, junk: String(n) }, from)).status);
    expectLimited(statuses);
  });

  it('keeps one answer for a query however its body varies, not one per variant', async () => {
    const query = '{ allVideos(perPage: 12) { id } }';
    await post(query, nextAddress()).expect(200);
    const entries = cache.size().entries;
    const from = nextAddress();
    for (let n = 0; n < 3 * LIMIT; n++) {
      await t.http
        .post('/graphql')
        .set({ 'content-type': 'application/json', 'x-forwarded-for': from })
        .send({ query: `${query}${' '.repeat(n + 1)}`, variables: { unused: n } })
        .expect(200);
    }
    expect(cache.size().entries).toBeLessThanOrEqual(entries + PublicReadCache.MAX_VARIANTS);
  });

  it('refuses a flood of list misses from one address with 429', async () => {
    const from = nextAddress();
    const statuses = [];
    for (let n = 1; n <= LIMIT + 1; n++) statuses.push((await t.http.get(`/api/all-posts-by-category/${1000 + n}`).set('x-forwarded-for', from)).status);
    expectLimited(statuses);
    // Another address is not affected.
    await t.http.get('/api/all-posts-by-category/1001').set('x-forwarded-for', nextAddress()).expect(200);
  });

  it('keeps a page by the parameters it reads, renders one asked with others without keeping it, and limits their flood', async () => {
    // The app's own page cache in front of a stand-in for React Router (the web app is not built for these tests).
    const site = express().set('trust proxy', 1);
    site.use((_req, res, next) => ((res.locals.cspNonce = 'n'), next()));
    site.use(pageCache(cache, (_req, res) => void res.setHeader('content-security-policy', "script-src 'nonce-n'").type('html').end('<p>A page</p>')));
    const server = site.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const page = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const entries = cache.size().entries;
      await page.get('/blog?page=2').set('x-forwarded-for', nextAddress()).expect(200);
      expect(cache.size().entries).toBe(entries + 1);
      const from = nextAddress();
      const statuses = [];
      for (let n = 1; n <= LIMIT + 1; n++) statuses.push((await page.get(`/blog?page=2&x=${n}`).set('x-forwarded-for', from)).status);
      expectLimited(statuses);
      expect(cache.size().entries).toBeLessThanOrEqual(entries + 1);
      const head = await page.head(`/blog?x=${LIMIT + 2}`).set('x-forwarded-for', from);
      expect(head.status).toBe(429);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stays within its bound in bytes however many large answers visitors ask for', async () => {
    for (let n = 1; n <= 40; n++) {
      await post(`{ allPosts(perPage: ${50 + n}) { id name body } }`, nextAddress()).expect(200);
      expect(cache.size().bytes).toBeLessThanOrEqual(MAX_BYTES);
    }
    expect(cache.size().bytes).toBeGreaterThan(MAX_BYTES / 4);
    // The newest answers are kept, the oldest let go.
    const newest = await post('{ allPosts(perPage: 90) { id name body } }', nextAddress()).expect(200);
    expect(newest.body.errors).toBeUndefined();
  });
});
