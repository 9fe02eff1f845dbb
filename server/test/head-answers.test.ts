import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signMailToken } from '../src/mailing/mail-tokens.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** Fields that name the moment or the request, not the answer. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

const fieldsOf = (headers: Record<string, unknown>) =>
  Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => !PER_REQUEST.has(name))
    .sort();

// RFC 9110 §9.3.2: "The server SHOULD send the same header fields in response to a HEAD request as it would have sent if the request method had been GET."
describe('HEAD answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The paths whose HEAD answers otherwise than their GET, each with both answers. */
  async function differences(paths: string[], acceptEncoding: string, ignoring: string[] = []) {
    const found: unknown[] = [];
    for (const path of paths) {
      // The first GET fills the visitors' cache, so the HEAD and the GET after it are answered alike (a copy, or the app).
      // superagent offers no coding on a HEAD of its own accord; a browser's or a checker's HEAD does.
      const coded = { 'accept-encoding': acceptEncoding };
      await t.http.get(path).set(coded);
      const [head, get] = [await t.http.head(path).set(coded), await t.http.get(path).set(coded)];
      const answer = (response: typeof get) => {
        const all: Record<string, unknown> = {
          status: response.status,
          fields: fieldsOf(response.headers),
          type: response.headers['content-type'],
          length: response.headers['content-length'],
          coding: response.headers['content-encoding'],
        };
        return Object.fromEntries(Object.entries(all).filter(([name]) => !ignoring.includes(name)));
      };
      if (JSON.stringify(answer(head)) !== JSON.stringify(answer(get))) found.push({ path, get: answer(get), head: answer(head) });
    }
    return found;
  }

  const paths = () => [
    `/api/mail/unsubscribe?token=${signMailToken(t.config.jwtSecret, 'unsubscribe', '1-1')}`,
    '/api/mail/unsubscribe?token=not-a-token',
    '/blog/rss.xml',
    '/videos/rss.xml',
    '/podcast.xml',
    '/events.ics',
    '/sitemap.xml',
    '/api/all-posts',
    '/api/all-post-categories',
    '/healthz',
    '/',
    '/blog',
    '/api/posts/999999',
    '/api/posts/abc',
    '/graphql?query=%7B__typename%7D',
    '/events/999999.ics',
    '/robots.txt',
    '/manifest.webmanifest',
  ];

  it('carry the header fields, status, type and length of the GET of the same path', async () => {
    expect(await differences(paths(), 'gzip, deflate, br')).toEqual([]);
  });

  // A page nobody keeps (a 404) is rendered for each request with a new nonce, so two GETs compress a byte or two apart.
  it('carry the header fields, status, type and coding of the GET on the web\'s own not-found page', async () => {
    const notFound = ['/no-such-page', '/blog/no-such-post'];
    expect(await differences(notFound, 'br', ['length'])).toEqual([]);
    for (const path of notFound) expect(Number((await t.http.head(path).set({ 'accept-encoding': 'br' })).headers['content-length'])).toBeGreaterThan(1000);
  });

  it('answer an address nobody serves alike for every method, without echoing it', async () => {
    const answers = await Promise.all([t.http.get('/api/nothing-here'), t.http.post('/api/nothing-here'), t.http.delete('/api/nothing-here')]);
    for (const answer of answers) expect(answer.body).toEqual({ errors: [{ msg: 'This address was not found', path: '' }], code: 'NOT_FOUND' });
  });
});
