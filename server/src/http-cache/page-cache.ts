import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PublicReadCache } from './public-read-cache.js';

interface CachedPage {
  contentType: string;
  cacheControl?: string;
  /** The page with its CSP nonce cut out: the fresh nonce of each response goes between the parts. */
  parts: string[];
}

/**
 * Server-rendered pages as a visitor gets them, kept in the public read cache: React's rendering was the
 * largest cost of a public page once its data came from that cache. Every visitor gets the same HTML (members
 * sign in with a bearer token the browser keeps, so no page differs by cookie) except for the CSP nonce,
 * which is cut out on the way in and put back fresh on the way out. Only 200 answers to GET are kept.
 */
export function pageCache(cache: PublicReadCache, render: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.headers.authorization) return render(req, res, next);
    const nonce = res.locals.cspNonce as string;
    const key = `page:${req.originalUrl}`;
    const cached = cache.get<CachedPage>(key);
    if (cached) {
      res.status(200).type(cached.contentType);
      if (cached.cacheControl) res.setHeader('Cache-Control', cached.cacheControl);
      res.end(cached.parts.join(nonce));
      return;
    }

    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== 'function') keep(chunk);
      const contentType = res.getHeader('content-type');
      if (res.statusCode === 200 && typeof contentType === 'string' && !res.getHeader('set-cookie')) {
        const cacheControl = res.getHeader('cache-control');
        cache.set(key, {
          contentType,
          cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
          parts: Buffer.concat(chunks).toString('utf8').split(nonce),
        });
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    render(req, res, next);
  };
}
