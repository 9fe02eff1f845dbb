import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import Negotiator from 'negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip' | 'identity';

const CODINGS: Coding[] = ['br', 'gzip', 'identity'];
/** On a tie of q-values, as `compression` does: brotli is the smaller. */
const PREFERRED = { preferred: ['br', 'gzip'] };
/** Negotiator 1's `encoding`, whose `preferred` option its published types (0.6) predate. */
type EncodingNegotiator = { encoding(available: Coding[], options: typeof PREFERRED): Coding | undefined };
/** Codings chosen, by the header's text: browsers send a handful of different ones, so parsing each once is enough. */
const chosen = new Map<string, Coding>();
const CHOSEN_KEPT = 100;

/**
 * The coding an answer goes out in, negotiated from the request's `Accept-Encoding` as RFC 9110 12.5.3 reads it
 * (q-values, `*`, `identity;q=0`, any case and spacing) by `negotiator`. When every coding is refused the answer is
 * sent as it is, which 12.5.3 allows rather than a 406.
 */
export function acceptedCoding(acceptEncoding: string | string[] | undefined): Coding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : (acceptEncoding ?? '');
  let coding = chosen.get(header);
  if (coding) return coding;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as EncodingNegotiator;
  coding = negotiator.encoding(CODINGS, PREFERRED) ?? 'identity';
  if (chosen.size >= CHOSEN_KEPT) chosen.clear();
  chosen.set(header, coding);
  return coding;
}

/** As `compression`: a smaller body is sent as it is. */
export const MIN_BYTES = 1024;
/** A larger body is left to `compression`, whose streams run on zlib's threads rather than the event loop. */
const MAX_BYTES = 64 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** `compression`'s own brotli quality. */
const BROTLI_QUALITY = 4;

/**
 * Whether an answer may be compressed at all (`compression`'s `filter` too): a text type, and not a part of a file
 * (a 206 is a range of the bytes as stored, and coding it would change what the range counts).
 */
export function compressible(req: Request, res: Response): boolean {
  return !res.getHeader('Content-Range') && compression.filter(req, res);
}

/**
 * Whether `Accept-Encoding` chooses this answer's coding: one with content, of a text type, not coded already, not
 * marked no-transform, and, when its size is known (`bytes`), not too small to gain. `compression` knows no size for
 * an answer written in pieces, and codes it whatever its size.
 */
function negotiable(req: Request, res: Response, bytes: number | undefined): boolean {
  if (res.statusCode === 204 || res.statusCode === 304 || res.getHeader('Content-Encoding') || (bytes ?? MIN_BYTES) < MIN_BYTES) return false;
  return compressible(req, res) && !NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''));
}

/** A HEAD whose GET `compression` streams is told that GET's coding, and no length (RFC 9110 9.3.2, 8.6). */
function nameStreamedCoding(res: Response, coding: Coding): void {
  res.vary('Accept-Encoding');
  res.setHeader('Content-Encoding', coding).removeHeader('Content-Length');
}

/**
 * Puts the one coding negotiated in place of the request's `Accept-Encoding`, so that everything after it agrees:
 * `compression` carries an older parser that reads `br;Q=0` as accepting brotli and offers deflate, and a GET, its
 * HEAD and its 304 must all name the same coding. Installed before the validators and `compression`.
 */
export function negotiateCoding(req: Request, _res: Response, next: NextFunction): void {
  req.headers['accept-encoding'] = acceptedCoding(req.headers['accept-encoding']);
  next();
}

const wholeBody = (chunk: unknown, encoding: unknown): Buffer | undefined =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : undefined;

/**
 * Compresses an answer sent whole (`res.send`: an API's JSON, a GraphQL answer) in one call and sends it with its
 * length in one write. `compression` would set up a zlib stream for it, hand each piece to zlib's threads and send
 * it chunked, which costs an API answer of a few kilobytes more than the rest of its request. Answers written in
 * pieces (a page React streams) and large ones are still `compression`'s. Installed just after it.
 *
 * A HEAD is answered with the headers its GET gets (RFC 9110 9.3.2): the coding, its ETag and, where the GET sends
 * one, the coded length (8.6), so the body `res.send` is given is kept, as Express ends a HEAD without it.
 */
export function compressWholeBodies(req: Request, res: Response, next: NextFunction): void {
  const { write, end, send } = res;
  let inPieces = false;
  let headBody: unknown;
  if (req.method === 'HEAD') {
    res.send = function (this: Response, body?: unknown) {
      if (typeof body === 'string' || Buffer.isBuffer(body)) headBody = body;
      return send.call(this, body);
    };
  }
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    if (!inPieces && req.method === 'HEAD' && !res.headersSent && negotiable(req, res, undefined)) {
      const coding = acceptedCoding(req.headers['accept-encoding']);
      if (coding !== 'identity') nameStreamedCoding(res, coding);
    }
    inPieces = true;
    return write.apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const endAsItIs = () => end.apply(this, [chunk, encoding, callback] as unknown as Parameters<Response['end']>);
    // A HEAD's body as `res.send` was given it, or as it was ended with (the fast path's slow answers end so).
    const body = inPieces || res.headersSent ? undefined : wholeBody(req.method === 'HEAD' ? (headBody ?? chunk) : chunk, encoding);
    const coding = body && negotiable(req, res, body.length) ? acceptedCoding(req.headers['accept-encoding']) : 'identity';
    if (!body || coding === 'identity') return endAsItIs();
    if (body.length > MAX_BYTES) {
      if (req.method === 'HEAD') nameStreamedCoding(res, coding);
      return endAsItIs();
    }
    res.vary('Accept-Encoding');
    const coded =
      coding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body);
    res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', coded.length);
    if (req.method === 'HEAD') return endAsItIs();
    const endWith = end as unknown as (this: Response, body: Buffer, callback?: () => void) => Response;
    return endWith.call(this, coded, (typeof encoding === 'function' ? encoding : callback) as (() => void) | undefined);
  } as Response['end'];
  next();
}
