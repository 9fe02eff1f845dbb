import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Application, Request, Response } from 'express';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib';
import { compressWholeBodies } from '../src/http-cache/codings.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** The compression of answers and their validators, checked against the rules they must keep, each quoted with its section. */

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as the bytes that came back: nothing decoded, nothing framed for us. */
function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decoded = ({ headers, body }: Raw): Buffer =>
  headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;

const codingOf = (answer: Raw) => answer.headers['content-encoding'] ?? 'identity';
const variesByCoding = (answer: Raw) => /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(answer.headers.vary ?? ''));

const LIST = '/api/all-videos';
const NO_TRANSFORM = '/review-speed2/no-transform';

/**
 * A route that marks its answer `no-transform`, placed in the real app just after `compressWholeBodies`, where the
 * app's own routes are: no route of the product marks one yet, and the rule must hold when one does.
 */
function mountNoTransformRoute(app: Application, bytes: number): void {
  app.get(NO_TRANSFORM, (req: Request, res: Response) => {
    res.set('Cache-Control', 'private, no-transform');
    res.json({ filler: 'grace and peace '.repeat(Math.ceil(bytes / 16)).slice(0, bytes), size: req.query.size });
  });
  const stack = (app as unknown as { router: { stack: { handle: unknown }[] } }).router.stack;
  const route = stack.pop()!;
  stack.splice(stack.findIndex((layer) => layer.handle === compressWholeBodies) + 1, 0, route);
}

describe('answers compressed whole keep to RFC 9110, 9111, 1952 and 7932', () => {
  let t: TestApp;
  let signedIn: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    for (let n = 1; n <= 30; n++) {
      await t.db.query(`INSERT INTO videos (title, video) VALUES ($1, 'dQw4w9WgXcQ')`, [`Sermon ${n}: “hope” & <grace> ${'é'.repeat(n)}`]);
    }
    signedIn = { authorization: `Bearer ${await t.adminToken()}` };
    mountNoTransformRoute(t.app.getHttpAdapter().getInstance() as Application, 8_000);
  });
  afterAll(() => t.close());

  /** A signed-in list: never kept, so each request goes through `compressWholeBodies`. */
  const list = (headers: Record<string, string>, method = 'GET') => raw(t.baseUrl, method, LIST, { ...signedIn, ...headers });

  /** The public list (or `path`) as the fast path answers it, once kept there (the start-up's notifications may empty it first). */
  async function keptList(headers: Record<string, string>, method = 'GET', path = LIST): Promise<Raw> {
    for (let round = 0; round < 20; round++) {
      const answer = await raw(t.baseUrl, method, path, headers);
      if (answer.headers.age !== undefined) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${path} was never answered from the fast path`);
  }

  // RFC 9110 §8.4: "If one or more encodings have been applied to a representation, the sender that applied the
  // encodings MUST generate a Content-Encoding header field that lists the content codings in the order in which
  // they were applied." §8.6: "A sender MUST NOT forward a message with a Content-Length header field value that
  // is known to be incorrect."
  it('names the one coding applied and sends the length of the coded bytes (§8.4, §8.6)', async () => {
    const identity = await list({ 'accept-encoding': 'identity' });
    expect(identity.body.length).toBeGreaterThan(1024);
    expect(identity.body.length).toBeLessThan(64 * 1024);
    for (const coding of ['br', 'gzip']) {
      const answer = await list({ 'accept-encoding': coding });
      expect([answer.status, answer.headers['content-encoding'], answer.headers['transfer-encoding']]).toEqual([200, coding, undefined]);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(decoded(answer).equals(identity.body)).toBe(true);
    }
    // §8.4: "the coding named "identity" is reserved for its special role in Accept-Encoding and thus SHOULD NOT
    // be included."
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  // RFC 1952 §2.3.1: "These have the fixed values ID1 = 31 (0x1f, \037), ID2 = 139 (0x8b, \213), to identify the
  // file as being in gzip format." "CM = 8 denotes the "deflate" compression method". ISIZE: "This contains the
  // size of the original (uncompressed) input data modulo 2^32." CRC32 is that of the uncompressed data.
  it('sends gzip as one complete RFC 1952 member whose trailer counts and checks the identity body', async () => {
    const identity = await list({ 'accept-encoding': 'identity' });
    const answer = await list({ 'accept-encoding': 'gzip' });
    const { body } = answer;
    expect([...body.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    expect(body.readUInt32LE(body.length - 4)).toBe(identity.body.length % 2 ** 32);
    expect(body.readUInt32LE(body.length - 8)).toBe(crc32(identity.body));
    expect(gunzipSync(body).equals(identity.body)).toBe(true);
  });

  // RFC 7932 (abstract): "This specification defines a lossless compressed data format". A brotli body decodes to
  // exactly the identity body, and is a whole stream: cut short by one byte, it no longer decodes.
  it('sends brotli as one whole RFC 7932 stream that decodes to the identity body', async () => {
    const identity = await list({ 'accept-encoding': 'identity' });
    const answer = await list({ 'accept-encoding': 'br' });
    expect(brotliDecompressSync(answer.body).equals(identity.body)).toBe(true);
    expect(() => brotliDecompressSync(answer.body.subarray(0, -1))).toThrow();
  });

  // RFC 9110 §8.8.1: "A "strong validator" is representation metadata that changes value whenever a change occurs
  // to the representation data that would be observable in the content of a 200 (OK) response to GET." §8.8.3: an
  // origin server whose tag does not satisfy a strong validator's characteristics "MUST mark the entity tag as weak
  // by prefixing its opaque value with "W/"".
  it('gives the brotli, gzip and identity bodies three different strong ETags (§8.8.1, §8.8.3)', async () => {
    const answers = [await list({ 'accept-encoding': 'br' }), await list({ 'accept-encoding': 'gzip' }), await list({ 'accept-encoding': 'identity' })];
    expect(answers.map(codingOf)).toEqual(['br', 'gzip', 'identity']);
    const etags = answers.map((answer) => String(answer.headers.etag));
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Set(etags).size).toBe(3);
  });

  // RFC 9110 §12.5.5 (as RFC 7231 §7.1.4 put it): "An origin server SHOULD send a Vary header field when its
  // algorithm for selecting a representation varies based on aspects of the request message other than the method
  // and request target". RFC 9111 §4.1: a cache "MUST NOT use that stored response without revalidation unless all
  // the presented request header fields nominated by that Vary field value match those fields in the original
  // request" — so an identity answer without `Vary` would be given by a cache to a browser that asked for brotli,
  // and a brotli one to a client that cannot decode it.
  it('sends Vary: Accept-Encoding on every answer whose coding Accept-Encoding chose, identity ones included (§12.5.5, RFC 9111 §4.1)', async () => {
    const answers = {
      none: await list({}),
      identity: await list({ 'accept-encoding': 'identity' }),
      refused: await list({ 'accept-encoding': 'br;q=0, gzip;q=0' }),
      br: await list({ 'accept-encoding': 'br' }),
      gzip: await list({ 'accept-encoding': 'gzip' }),
      head: await list({ 'accept-encoding': 'br' }, 'HEAD'),
      graphql: await raw(
        t.baseUrl,
        'POST',
        '/graphql',
        { ...signedIn, 'content-type': 'application/json' },
        JSON.stringify({ query: '{ allVideos(perPage: 30) { id title video } }' }),
      ),
      kept: await keptList({ 'accept-encoding': 'identity' }),
    };
    expect(answers.graphql.body.length).toBeGreaterThan(1024);
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, variesByCoding(answer)]))).toEqual(
      Object.fromEntries(Object.keys(answers).map((name) => [name, true])),
    );
  });

  // RFC 9110 §12.5.3: "If the representation's content coding is one of the content codings listed in the
  // Accept-Encoding field value, then it is acceptable unless it is accompanied by a qvalue of 0."
  it('does not send a coding refused with q=0, on either path (§12.5.3)', async () => {
    await keptList({ 'accept-encoding': 'br' });
    for (const [accepted, coding] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip, br;q=0.000', 'gzip'],
      ['br;q=0, gzip;q=0', 'identity'],
    ]) {
      expect([accepted, codingOf(await list({ 'accept-encoding': accepted }))]).toEqual([accepted, coding]);
      expect([accepted, codingOf(await keptList({ 'accept-encoding': accepted }))]).toEqual([accepted, coding]);
    }
  });

  // RFC 9110 §12.4.2: `weight = OWS ";" OWS "q=" qvalue`, and §12.5.3's own example is
  // "Accept-Encoding: gzip;q=1.0, identity; q=0.5, *;q=0": a space after the ";" is the grammar, and "br; q=0"
  // refuses brotli as "br;q=0" does. §12.5.3: a listed coding "is acceptable unless it is accompanied by a qvalue
  // of 0". Held by `compressWholeBodies` and the fast path alike.
  it('does not send brotli to "br; q=0, gzip", a refusal written with the grammar\'s optional space (§12.4.2, §12.5.3)', async () => {
    const accepted = 'br; q=0, gzip';
    expect({ wholeBody: codingOf(await list({ 'accept-encoding': accepted })), fastPath: codingOf(await keptList({ 'accept-encoding': accepted })) }).toEqual({
      wholeBody: 'gzip',
      fastPath: 'gzip',
    });
  });

  // RFC 9110 §12.5.3: "The asterisk "*" symbol in an Accept-Encoding field matches any available content coding not
  // explicitly listed in the field", and "If the representation has no content coding, then it is acceptable by
  // default unless specifically excluded by the Accept-Encoding header field stating either "identity;q=0" or
  // "*;q=0" without a more specific entry for "identity"." So to "*" any of the three is acceptable, and the body
  // must still be the one the coding names.
  it('answers "Accept-Encoding: *" with a coding it accepts, decoding to the identity body, on either path (§12.5.3)', async () => {
    const identity = await list({ 'accept-encoding': 'identity' });
    const kept = await keptList({ 'accept-encoding': 'identity' });
    for (const [answer, body] of [
      [await list({ 'accept-encoding': '*' }), identity.body],
      [await keptList({ 'accept-encoding': '*' }), kept.body],
    ] as const) {
      expect(['br', 'gzip', 'identity']).toContain(codingOf(answer));
      expect(decoded(answer).equals(body)).toBe(true);
      expect(variesByCoding(answer)).toBe(true);
    }
  });

  // RFC 9110 §12.5.3 (as above): identity is acceptable "unless specifically excluded by the Accept-Encoding header
  // field stating either "identity;q=0" or "*;q=0"", a listed coding is acceptable unless its qvalue is 0, and "*"
  // "matches any available content coding not explicitly listed". Both headers below refuse identity and accept
  // gzip. (§12.1 lets a server disregard preferences rather than send 406; this one negotiates, so it must not
  // pick the refused coding.)
  it('does not send identity, refused with identity;q=0, when gzip is accepted (§12.5.3)', async () => {
    const codings: Record<string, string> = {};
    for (const accepted of ['*, identity;q=0', 'gzip;q=0.5, identity;q=0']) {
      codings[`whole body: ${accepted}`] = codingOf(await list({ 'accept-encoding': accepted }));
      codings[`fast path: ${accepted}`] = codingOf(await keptList({ 'accept-encoding': accepted }));
    }
    expect(Object.entries(codings).filter(([, coding]) => coding !== 'br' && coding !== 'gzip')).toEqual([]);
  });

  // RFC 9110 §9.3.2: "The server SHOULD send the same header fields in response to a HEAD request as it would have
  // sent if the request method had been GET. However, a server MAY omit header fields for which a value is
  // determined only while generating the content." §8.6: "A server MAY send a Content-Length header field in a
  // response to a HEAD request; a server MUST NOT send Content-Length in such a response unless its field value
  // equals the decimal number of octets that would have been sent in the content of a response if the same request
  // had used the GET method." A HEAD asking for brotli is told the brotli length, coding and
  // "-br" tag its GET carries.
  it('answers a HEAD sent whole with the Content-Length, Content-Encoding and ETag its GET carries (§9.3.2, §8.6)', async () => {
    const fields = (answer: Raw) => ({
      'content-length': answer.headers['content-length'],
      'content-encoding': answer.headers['content-encoding'],
      etag: answer.headers.etag,
      vary: answer.headers.vary,
    });
    const get = await list({ 'accept-encoding': 'br' });
    const head = await list({ 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
    expect(fields(head)).toEqual(fields(get));
  });

  // The same rule on the fast path, which answers a kept HEAD with the coded headers of its GET.
  it('answers a kept HEAD with the Content-Length, Content-Encoding and ETag its GET carries (§9.3.2, §8.6)', async () => {
    const get = await keptList({ 'accept-encoding': 'gzip' });
    const head = await keptList({ 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect([head.headers['content-length'], head.headers['content-encoding'], head.headers.etag]).toEqual([
      get.headers['content-length'],
      'gzip',
      get.headers.etag,
    ]);
  });

  // RFC 9110 §15.4.5: "The server generating a 304 response MUST generate any of the following header fields that
  // would have been sent in a 200 (OK) response to the same request: Content-Location, Date, ETag, and Vary, and
  // Cache-Control and Expires". §8.6: "a server MUST NOT send Content-Length in such a response unless its field
  // value equals the decimal number of octets that would have been sent in the content of a 200 (OK) response to
  // the same request." §13.1.2: "A recipient MUST use the weak comparison function when comparing entity tags for
  // If-None-Match". Held for the fast path's 304.
  it("answers a kept list's 304 with the coded ETag, Vary and Cache-Control its 200 carries (§15.4.5, §8.6)", async () => {
    const ok = await keptList({ 'accept-encoding': 'br' });
    for (const held of [String(ok.headers.etag), `W/${String(ok.headers.etag)}`]) {
      const notModified = await raw(t.baseUrl, 'GET', LIST, { 'accept-encoding': 'br', 'if-none-match': held });
      expect(notModified.status).toBe(304);
      expect([notModified.headers.etag, notModified.headers.vary, notModified.headers['cache-control']]).toEqual([
        ok.headers.etag,
        ok.headers.vary,
        ok.headers['cache-control'],
      ]);
      expect(notModified.headers.date).toBeDefined();
      expect([undefined, ok.headers['content-length']]).toContain(notModified.headers['content-length']);
    }
  });

  // RFC 9110 §15.4.5 (as above): a 304 MUST carry the ETag and Vary "that would have been sent in a 200 (OK)
  // response to the same request". Held on the path Express validates, for the tag of the coding asked for.
  it("answers a signed-in list's 304 with the coded ETag and the Vary its 200 carries (§15.4.5)", async () => {
    const ok = await list({ 'accept-encoding': 'br' });
    expect(ok.headers.etag).toMatch(/-br"$/);
    const notModified = await list({ 'accept-encoding': 'br', 'if-none-match': String(ok.headers.etag) });
    expect(notModified.status).toBe(304);
    expect([notModified.headers.etag, notModified.headers.vary]).toEqual([ok.headers.etag, ok.headers.vary]);
  });

  // RFC 9110 §15.4.5 (as above): the 304's ETag is the one "that would have been sent in a 200 (OK) response to the
  // same request". RFC 9111 §4.3.4 says why it matters: "If the new response contains a strong validator ..., then
  // that strong validator identifies the selected representation for update." A shared cache holding the gzip and
  // the brotli copy revalidates with both tags; a 200 to that brotli request would carry the "-br" tag. Held on
  // the path Express validates as on the fast path.
  it("answers a revalidation listing several codings' tags with the ETag of the coding it would send (§15.4.5, RFC 9111 §4.3.4)", async () => {
    const br = await list({ 'accept-encoding': 'br' });
    const gzip = await list({ 'accept-encoding': 'gzip' });
    const held = `${String(gzip.headers.etag)}, ${String(br.headers.etag)}`;
    const notModified = await list({ 'accept-encoding': 'br', 'if-none-match': held });
    expect([notModified.status, notModified.headers.etag]).toEqual([304, br.headers.etag]);
  });

  // RFC 9110 §15.4.5 (as above): a 304 MUST carry the Vary "that would have been sent in a 200 (OK) response to the
  // same request", also where the 304 has no Content-Type left for `compression` to decide by.
  it('answers every 304 Express validates with the Vary its 200 carries (§15.4.5)', async () => {
    for (const path of ['/api/me', LIST]) {
      const ok = await raw(t.baseUrl, 'GET', path, { ...signedIn, 'accept-encoding': 'br' });
      expect([path, ok.status, variesByCoding(ok)]).toEqual([path, 200, true]);
      const notModified = await raw(t.baseUrl, 'GET', path, { ...signedIn, 'accept-encoding': 'br', 'if-none-match': String(ok.headers.etag) });
      expect([path, notModified.status, notModified.headers.vary]).toEqual([path, 304, ok.headers.vary]);
    }
  });

  // RFC 9110 §8.8.1 (as above) and §9.3.2: an answer too small to gain from a coding is sent as it is by the slow
  // path, and so by the fast path, under the same tag; a HEAD gets what its GET does.
  it("sends a small visitor's answer as it is, with the same tag, on the slow path, the fast path and to HEAD", async () => {
    const path = `/graphql?query=${encodeURIComponent('{ __typename }')}`;
    const first = await raw(t.baseUrl, 'GET', path, { 'accept-encoding': 'br', 'apollo-require-preflight': 'true' });
    expect([first.status, first.headers.age, codingOf(first)]).toEqual([200, undefined, 'identity']);
    expect(first.body.length).toBeLessThan(1024);
    for (const method of ['GET', 'HEAD']) {
      const kept = await keptList({ 'accept-encoding': 'br', 'apollo-require-preflight': 'true' }, method, path);
      expect([method, kept.status, codingOf(kept), kept.headers.etag, kept.headers['content-length']]).toEqual([
        method,
        200,
        'identity',
        first.headers.etag,
        String(first.body.length),
      ]);
    }
  });

  // The `compression` package's README: "This middleware will never compress responses that include a
  // `Cache-Control` header with the `no-transform` directive, as compressing will transform the body." RFC 9111
  // §5.2.2.6 (no-transform): "The no-transform response directive indicates that an intermediary (regardless of
  // whether it implements a cache) MUST NOT transform the content". Held by `compressWholeBodies` as by the package.
  it('sends an answer marked no-transform as it is, to every Accept-Encoding', async () => {
    for (const accepted of ['br', 'gzip', 'gzip, deflate, br, zstd']) {
      const answer = await raw(t.baseUrl, 'GET', NO_TRANSFORM, { 'accept-encoding': accepted });
      expect([answer.status, answer.headers['content-encoding']]).toEqual([200, undefined]);
      expect(answer.body.length).toBeGreaterThan(1024);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(JSON.parse(answer.body.toString('utf8')).filler).toMatch(/^grace and peace/);
    }
  });
});
