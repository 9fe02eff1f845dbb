import type { NextFunction, Request, Response } from 'express';
import { cacheRead, visitorCacheControl } from './cache-headers.js';
import { answerAndRemember, answerStale, mustRender } from './fast-path.js';
import { PUBLIC_LISTS } from './public-endpoints.js';
import type { PublicReadCache } from './public-read-cache.js';

/**
 * Serialises a visitor's public legacy list once and keeps it for the fast path, with its ETag: a list of every
 * blog post is large, and building, serialising and compressing it for each visitor was the cost of these
 * paths. Later visitors are answered by the fast path until a write empties it; one address asking for lists the
 * cache cannot answer (`/api/all-posts-by-category/1`, `/2`…) is limited like a visitor's pages. While the
 * database is away, a list kept before is answered instead of the 503.
 */
export function publicListCache(cache: PublicReadCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PUBLIC_LISTS.test(req.path)) return next();
    void (async () => {
      if (!(await cache.sharedRead(req))) return next();
      if (!(await mustRender(cache, req, res, 'legacy'))) return;
      const answer = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode !== 200) return answerStale(cache, req, res) ? res : answer(body);
        cacheRead(res, undefined);
        res.setHeader('Cache-Control', visitorCacheControl(cache.seconds));
        res.type('application/json');
        answerAndRemember(cache, req, res, Buffer.from(JSON.stringify(body)));
        return res;
      };
      next();
    })().catch(next);
  };
}
