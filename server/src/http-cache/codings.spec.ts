import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import compression from 'compression';
import express from 'express';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedCoding, compressible, compressWholeBodies, negotiateCoding } from './codings.js';

const json = (bytes: number) => ({ items: Array.from({ length: Math.ceil(bytes / 40) }, (_, id) => ({ id, title: `Message number ${id}` })) });

/** The raw answer, as sent: its headers and undecoded bytes. */
function get(port: number, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

const decoded = ({ headers, body }: { headers: IncomingHttpHeaders; body: Buffer }) =>
  (headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('answers sent whole are compressed in one call and sent with their length', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(negotiateCoding);
    app.use(compression({ filter: compressible }));
    app.use(compressWholeBodies);
    app.get('/whole', (_req, res) => void res.json(json(4_000)));
    app.get('/small', (_req, res) => void res.json({ ok: true }));
    app.get('/ended', (_req, res) => void res.type('json').end(JSON.stringify(json(4_000))));
    app.get('/large', (_req, res) => void res.json(json(200_000)));
    app.get('/no-transform', (_req, res) => void res.set('Cache-Control', 'no-transform').json(json(4_000)));
    app.get('/picture', (_req, res) => void res.type('png').send(Buffer.alloc(4_000, 7)));
    app.get('/part', (_req, res) => void res.status(206).type('text/vtt').set('Content-Range', 'bytes 0-3999/9000').send('x'.repeat(4_000)));
    app.get('/part-in-pieces', (_req, res) => {
      res.status(206).type('text/vtt').set('Content-Range', 'bytes 0-3999/9000').write('x'.repeat(2_000));
      res.end('x'.repeat(2_000));
    });
    app.get('/pieces', (_req, res) => {
      res.type('html').write(`<p>${'first '.repeat(300)}</p>`);
      res.end(`<p>${'second '.repeat(300)}</p>`);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends brotli where accepted, else gzip, with Content-Length and Vary, decoding to the same JSON', async () => {
    const identity = await get(port, '/whole', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const [accepted, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ]) {
      const answer = await get(port, '/whole', { 'accept-encoding': accepted });
      expect([answer.headers['content-encoding'], answer.headers['transfer-encoding']]).toEqual([coding, undefined]);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(identity.body.length / 3);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(decoded(answer))).toEqual(json(4_000));
    }
  });

  it('leaves to `compression` what is written in pieces or large (its streams run off the event loop), and sends as it is what is small, not text, a part of a file or marked no-transform', async () => {
    for (const path of ['/pieces', '/large']) {
      const answer = await get(port, path, { 'accept-encoding': 'gzip' });
      // compression streams it: chunked, with no length known in advance.
      expect([answer.headers['content-encoding'], answer.headers['transfer-encoding'], answer.headers['content-length']]).toEqual([
        'gzip',
        'chunked',
        undefined,
      ]);
      expect(decoded(answer)).toContain(path === '/pieces' ? 'second second' : 'Message number 4999');
    }
    for (const path of ['/small', '/picture', '/no-transform', '/part', '/part-in-pieces']) {
      const answer = await get(port, path, { 'accept-encoding': 'gzip, br' });
      expect([path, answer.headers['content-encoding']]).toEqual([path, undefined]);
      if (path !== '/part-in-pieces') expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect((await get(port, '/part-in-pieces', { 'accept-encoding': 'gzip' })).body.toString()).toBe('x'.repeat(4_000));
  });

  it('answers a HEAD with the coding, coded length and Vary its GET carries, and names the coding of a large one without a length', async () => {
    for (const [path, length] of [
      ['/whole', true],
      ['/large', false],
    ] as const) {
      const whole = await get(port, path, { 'accept-encoding': 'br' });
      const head = await get(port, path, { 'accept-encoding': 'br' }, 'HEAD');
      expect([path, head.body.length, head.headers['content-encoding'], head.headers.vary]).toEqual([path, 0, 'br', 'Accept-Encoding']);
      expect([path, head.headers['content-length']]).toEqual([path, length ? String(whole.body.length) : undefined]);
    }
    const ended = await get(port, '/ended', { 'accept-encoding': 'br' });
    const endedHead = await get(port, '/ended', { 'accept-encoding': 'br' }, 'HEAD');
    expect([endedHead.headers['content-encoding'], endedHead.headers['content-length']]).toEqual(['br', String(ended.body.length)]);
    const pieces = await get(port, '/pieces', { 'accept-encoding': 'gzip' });
    const piecesHead = await get(port, '/pieces', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect([pieces.headers['content-encoding'], pieces.headers['transfer-encoding']]).toEqual(['gzip', 'chunked']);
    expect([piecesHead.headers['content-encoding'], piecesHead.headers['content-length'], piecesHead.headers.vary]).toEqual([
      'gzip',
      undefined,
      'Accept-Encoding',
    ]);
    const small = await get(port, '/small', { 'accept-encoding': 'br' });
    const smallHead = await get(port, '/small', { 'accept-encoding': 'br' }, 'HEAD');
    expect([smallHead.headers['content-encoding'], smallHead.headers['content-length']]).toEqual([undefined, String(small.body.length)]);
  });

  it('lets one negotiation choose for `compression` too, whose own parser reads `Q=0` as accepting and offers deflate', async () => {
    for (const [accepted, coding] of [
      ['gzip, br;Q=0', 'gzip'],
      ['deflate', undefined],
      ['deflate, gzip;q=0.5', 'gzip'],
    ] as const) {
      for (const path of ['/whole', '/large', '/pieces']) {
        const answer = await get(port, path, { 'accept-encoding': accepted });
        expect([accepted, path, answer.headers['content-encoding']]).toEqual([accepted, path, coding]);
      }
    }
  });

  it('picks the coding the fast path picks for the same request', () => {
    expect(acceptedCoding('gzip, deflate, br')).toBe('br');
    expect(acceptedCoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedCoding(['gzip', 'deflate'])).toBe('gzip');
    expect(acceptedCoding('gzip;q=0, br;q=0')).toBe('identity');
    expect(acceptedCoding(undefined)).toBe('identity');
  });

  it('reads Accept-Encoding as RFC 9110 12.5.3 does: spacing, case, q-values, `*` and a refused identity', () => {
    expect(acceptedCoding('br; q=0, gzip')).toBe('gzip');
    expect(acceptedCoding('gzip, br;Q=0')).toBe('gzip');
    expect(acceptedCoding('BR, GZIP')).toBe('br');
    expect(acceptedCoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(acceptedCoding('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(acceptedCoding('gzip;q=0.5, identity;q=0')).toBe('gzip');
    expect(acceptedCoding('*, identity;q=0')).toBe('br');
    expect(acceptedCoding('*;q=0')).toBe('identity');
    expect(acceptedCoding('x-br, xgzip')).toBe('identity');
  });
});
