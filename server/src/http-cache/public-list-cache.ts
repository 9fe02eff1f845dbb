import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { cacheRead } from './cache-headers.js';
import { PUBLIC_LISTS } from './public-endpoints.js';
import type { PublicReadCache } from './public-read-cache.js';


interface CachedList {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

function send(req: Request, res: Response, list: CachedList) {
  cacheRead(res, undefined);
  res.setHeader('ETag', list.etag);
  if (req.headers['if-none-match'] === list.etag) {
    res.status(304).end();
    return;
  }
  res.type('application/json');
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.end(gzip ? list.gzip : list.json);
}

/**
 * Answers a visitor's public legacy list from the public read cache, serialised and gzipped once: a list of
 * every blog post is large, and building, serialising and compressing it for each visitor was the cost of
 * these paths. On a miss the request runs as usual and its JSON answer is kept.
 */
export function publicListCache(cache: PublicReadCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.headers.authorization || !PUBLIC_LISTS.test(req.path)) return next();
    const key = `rest:${req.originalUrl}`;
    const cached = cache.get<CachedList>(key);
    if (cached) return send(req, res, cached);
    const answer = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode !== 200) return answer(body);
      const json = Buffer.from(JSON.stringify(body));
      const list = { json, gzip: gzipSync(json), etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
      cache.set(key, list);
      send(req, res, list);
      return res;
    };
    next();
  };
}
