import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip' | 'identity';

/** An encoding the browser accepts (named, and not refused with `q=0`). */
const ACCEPTS = { br: /\bbr\b(?!;q=0(\.0*)?\b)/, gzip: /\bgzip\b(?!;q=0(\.0*)?\b)/ };

/** The coding an answer goes out in, from the request's `Accept-Encoding`: brotli, else gzip, else none. */
export function acceptedCoding(acceptEncoding: string | string[] | undefined): Coding {
  const accepted = String(acceptEncoding ?? '');
  return ACCEPTS.br.test(accepted) ? 'br' : ACCEPTS.gzip.test(accepted) ? 'gzip' : 'identity';
}

/** As `compression`: a smaller body is sent as it is. */
const MIN_BYTES = 1024;
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

function codingFor(req: Request, res: Response, body: Buffer): Coding {
  if (req.method === 'HEAD' || res.getHeader('Content-Encoding') || body.length < MIN_BYTES || body.length > MAX_BYTES) return 'identity';
  if (!compressible(req, res) || NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return 'identity';
  return acceptedCoding(req.headers['accept-encoding']);
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
 */
export function compressWholeBodies(req: Request, res: Response, next: NextFunction): void {
  const { write, end } = res;
  let inPieces = false;
  res.write = function (this: Response, ...args: Parameters<Response['write']>) {
    inPieces = true;
    return write.apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const body = inPieces || res.headersSent ? undefined : wholeBody(chunk, encoding);
    const coding = body ? codingFor(req, res, body) : 'identity';
    if (!body || coding === 'identity') return end.apply(this, [chunk, encoding, callback] as unknown as Parameters<Response['end']>);
    const coded =
      coding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body);
    res.vary('Accept-Encoding');
    res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', coded.length);
    const endWith = end as unknown as (this: Response, body: Buffer, callback?: () => void) => Response;
    return endWith.call(this, coded, (typeof encoding === 'function' ? encoding : callback) as (() => void) | undefined);
  } as Response['end'];
  next();
}
