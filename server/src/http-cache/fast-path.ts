import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicReadCache } from './public-read-cache.js';

/** A visitor's answer as it left the slow path: status, every header, and the body in each encoding. */
interface FastAnswer {
  status: number;
  headers: [string, string | string[]][];
  bodies: { br: Buffer; gzip: Buffer; identity: Buffer };
}

/** Set by the slow path, so they are chosen again per request here. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

const keyOf = (req: Request) => `fast:${req.originalUrl}`;

/** An encoding the browser accepts (named, and not refused with `q=0`). */
const ACCEPTS = { br: /\bbr\b(?!;q=0(\.0*)?\b)/, gzip: /\bgzip\b(?!;q=0(\.0*)?\b)/ };

/** Brotli at a middle quality: compressed once per cache lifetime, on the request that filled it. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };

/**
 * The first thing a request meets: a visitor's GET (no token) for a page or a public list that another visitor
 * asked for moments ago is answered from memory, with the headers the slow path gave it and the body already
 * compressed, before helmet, compression, Nest or React run. The entries live in the public read cache, so
 * any write on any instance empties them with the rest.
 */
export function fastPath(cache: PublicReadCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return next();
    const answer = cache.get<FastAnswer>(keyOf(req));
    if (!answer) return next();
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    const etag = res.getHeader('etag');
    if (etag && req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = ACCEPTS.br.test(accepted) ? 'br' : ACCEPTS.gzip.test(accepted) ? 'gzip' : 'identity';
    const body = answer.bodies[encoding];
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.status(answer.status);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * Sends the slow path's finished answer with a strong ETag (304 when the browser holds it already) and keeps it
 * for the fast path: the page and list caches both end here.
 */
export function answerAndRemember(cache: PublicReadCache, req: Request, res: Response, body: Buffer): void {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  rememberForFastPath(cache, req, res, body);
  if (req.headers['if-none-match'] === etag) res.status(304).end();
  else res.end(body);
}

/** Keeps a visitor's answer for the fast path: its headers as they stand now, and its uncompressed body. */
function rememberForFastPath(cache: PublicReadCache, req: Request, res: Response, body: Buffer): void {
  if (req.method !== 'GET' || req.headers.authorization) return;
  const headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => !PER_RESPONSE.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
  const vary = headers.find(([name]) => name === 'vary');
  if (!vary) headers.push(['vary', 'Accept-Encoding']);
  else if (!/accept-encoding/i.test(String(vary[1]))) vary[1] = `${String(vary[1])}, Accept-Encoding`;
  cache.set(keyOf(req), { status: res.statusCode, headers, bodies: { br: brotliCompressSync(body, BROTLI), gzip: gzipSync(body), identity: body } } satisfies FastAnswer);
}
