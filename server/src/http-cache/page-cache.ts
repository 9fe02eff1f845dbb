import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import { visitorCacheControl } from './cache-headers.js';
import { answerAndRemember, answerStale, mustRender } from './fast-path.js';
import type { PublicReadCache } from './public-read-cache.js';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /\snonce="([^"]*)"/;

/**
 * CSP source expressions for the inline scripts of a page that were rendered with this response's nonce, as a
 * browser hashes them. The nonce marks what the framework wrote (React Router's scripts and React's own, given
 * it in entry.server.tsx and root.tsx): it is random for each render, so no content can carry it, and a script
 * that came in with content (a post body from before sanitising, say) is left out and the browser refuses it.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  if (!nonce) return [];
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => NONCE_ATTRIBUTE.exec(attributes)?.[1] === nonce)
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The policy with its per-response nonce replaced by the hashes of exactly the inline scripts rendered with it. */
export function withScriptHashes(policy: string, nonce: string, html: string): string {
  const hashes = inlineScriptHashes(html, nonce);
  return policy.replace(` 'nonce-${nonce}'`, hashes.length ? ` ${[...new Set(hashes)].join(' ')}` : '');
}

/** React Router's answer to a navigation inside the browser: the next page's loader data (single fetch). */
const NAVIGATION_DATA = { path: /\.data$/, type: /^text\/x-script/ };

/** A page that is one visitor's own (a form with its idempotency key) says so, and is never shared. */
const NOT_SHARED = /\b(no-store|private)\b/i;

/** What of the rendered answer is kept: a page, or the data of a page for a navigation in the browser. */
function keptKind(req: Request, res: Response): 'page' | 'data' | undefined {
  if (NOT_SHARED.test(String(res.getHeader('cache-control') ?? ''))) return undefined;
  const contentType = String(res.getHeader('content-type') ?? '');
  if (contentType.startsWith('text/html')) return 'page';
  if (NAVIGATION_DATA.path.test(req.path) && NAVIGATION_DATA.type.test(contentType)) return 'data';
  return undefined;
}

/**
 * Server-rendered pages as a visitor gets them, kept for the fast path: React's rendering was the largest cost
 * of a public page once its data came from the read cache. Every visitor gets the same HTML (members sign in
 * with a bearer token the browser keeps, so no page differs by cookie). A page is rendered whole before it is
 * sent, so its Content-Security-Policy can allow its inline scripts by hash instead of by a per-response nonce:
 * the first answer and every one from the fast path carry the same bytes, the same headers and a strong ETag, and a
 * `Cache-Control` that lets a CDN keep it as this cache does (`visitorCacheControl`; browsers still revalidate).
 * A page's data for a navigation inside the browser (`/blog.data?_routes=…`) is kept the same way: a visitor who
 * follows a link costs no more than one who arrives. Only 200 answers to GET are kept; anything else goes out as
 * rendered, with its nonce, except a server error (the database away) where a copy is kept: that copy goes out.
 */
export function pageCache(cache: PublicReadCache, render: RequestHandler): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const original = res.end;
    const visitor = (req.method === 'GET' || req.method === 'HEAD') && (await cache.sharedRead(req));
    // Every visitor's page the fast path could not answer counts against its address (HEAD renders it too).
    if (visitor && !(await mustRender(cache, req, res, 'text'))) return;
    if (!visitor) return render(req, res, next);
    // A HEAD is rendered as its GET and gathered the same way, so it carries the GET's length and coding (RFC 9110
    // §9.3.2); React Router would end a HEAD unrendered. Node sends no body with the answer to a HEAD.
    const head = req.method === 'HEAD';
    if (head) req.method = 'GET';

    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') process.nextTick(done);
      return true;
    }) as Response['write'];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, encoding);
      if (head) req.method = 'HEAD';
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
      const body = Buffer.concat(chunks);
      const kind = keptKind(req, res);
      const policy = res.getHeader('content-security-policy');
      if (res.statusCode === 200 && kind && typeof policy === 'string' && !res.getHeader('set-cookie') && !res.headersSent) {
        // A page's data holds no script to allow: its policy simply loses the nonce.
        res.setHeader('Content-Security-Policy', withScriptHashes(policy, res.locals.cspNonce as string, kind === 'page' ? body.toString('utf8') : ''));
        if (cache.seconds) res.setHeader('Cache-Control', visitorCacheControl(cache.seconds, 0));
        res.end = original;
        answerAndRemember(cache, req, res, body);
        if (typeof done === 'function') process.nextTick(done);
        return res;
      }
      res.end = original;
      if (answerStale(cache, req, res)) {
        if (typeof done === 'function') process.nextTick(done);
        return res;
      }
      return end(body, ...(typeof done === 'function' ? [done] : []));
    }) as Response['end'];
    render(req, res, next);
  };
}
