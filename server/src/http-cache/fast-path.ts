import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedCoding, MIN_BYTES } from './codings.js';
import type { Callers } from './callers.js';
import { PUBLIC_LISTS } from './public-endpoints.js';
import type { PublicReadCache } from './public-read-cache.js';
import { codedEtag, notModified } from './validators.js';

/**
 * A visitor's answer as it left the slow path: when, status, every header, and the body as sent and compressed
 * (once zlib's threads have compressed it: `encoding` until then; neither for a body under 1 KB).
 */
interface FastAnswer {
  at: number;
  status: number;
  headers: [string, string | string[]][];
  identity: Buffer;
  encoded?: { br: Buffer; gzip: Buffer };
  encoding?: Promise<void>;
}

/** Set by the slow path, so they are chosen again per request here. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive', 'age']);

/** The errors a kept copy may stand in for (RFC 5861's stale-if-error). */
const SERVER_ERRORS = new Set([500, 502, 503, 504]);

/** Brotli at a middle quality: compressed once per cache lifetime, after the request that filled it. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Express and Apollo take `/GraphQL/` for `/graphql`. */
const GRAPHQL = /^\/graphql\/?$/i;
/** All Apollo reads from a GET's query string: any other parameter does not change the answer. */
const GRAPHQL_PARAMETERS = new Set(['query', 'variables', 'operationName', 'extensions']);
/**
 * What a page reads from its query string: a list's page, a record's id, the routes of a page's data (React
 * Router's `_routes`). A page asked with any other parameter is rendered, but not kept.
 */
const PAGE_PARAMETERS = new Set(['page', 'id', '_routes']);
/** A visitor's query sent by POST is read here up to this size; larger bodies (never a cached query) go on unread. */
const MAX_QUERY_BODY = 16 * 1024;
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;

/** The key of a visitor's POST to /graphql, from the bytes of its body, set when the fast path read them. */
const postKeys = new WeakMap<IncomingMessage, string>();
/** GraphQL answers the API found to be the same for every visitor (see `markShared`). */
const sharedAnswers = new WeakSet<IncomingMessage>();

const urlOf = (req: IncomingMessage) => (req as Partial<Request>).originalUrl ?? req.url ?? '';
const pathOf = (url: string) => url.split('?', 1)[0];

/**
 * What a visitor's read is kept under, or nothing when it is not kept: the route and the parameters it reads, so
 * an address varied in anything else (`?c=1`, `?c=2`…, letter case, a trailing slash) is answered from one entry.
 * GraphQL answers also differ by `Accept` (Apollo may answer `application/graphql-response+json`), and a query
 * sent by POST by the exact bytes of its body (the read cache bounds how many such variants one query has).
 */
export function fastKeyOf(req: IncomingMessage): string | undefined {
  if (req.method === 'POST') return postKeys.get(req);
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = urlOf(req);
  const path = pathOf(url);
  if (GRAPHQL.test(path)) return `fast:GET /graphql?${parametersOf(url, GRAPHQL_PARAMETERS)}\n${req.headers.accept ?? ''}`;
  // The public lists read no parameter at all.
  if (PUBLIC_LISTS.test(path)) return `fast:GET ${path.toLowerCase().replace(/\/$/, '')}`;
  if (path.length === url.length) return `fast:GET ${path}`;
  for (const name of new URLSearchParams(url.slice(path.length + 1)).keys()) if (!PAGE_PARAMETERS.has(name)) return undefined;
  const parameters = parametersOf(url, PAGE_PARAMETERS);
  return parameters ? `fast:GET ${path}?${parameters}` : `fast:GET ${path}`;
}

/** The query string's parameters named in `names`, in a fixed order (`/blog?` is `/blog`). */
function parametersOf(url: string, names: Set<string>): string {
  const all = new URLSearchParams(url.slice(pathOf(url).length + 1));
  const kept = new URLSearchParams([...all].filter(([name]) => names.has(name)));
  kept.sort();
  return kept.toString();
}

function postKey(body: Buffer, req: IncomingMessage): string {
  return `fast:POST /graphql\n${req.headers.accept ?? ''}\n${createHash('sha256').update(body).digest('base64url')}`;
}

/**
 * The first thing a request meets, before Express: a visitor's read that another visitor made moments ago is
 * answered from memory, with the headers the slow path gave it and the body already compressed, before Express,
 * helmet, compression, Nest, Apollo or React run. Pages, the public legacy lists and GraphQL queries (GET, or POST
 * with a small JSON body) are answered here. A request with a token that fails its signature or expiry is a
 * visitor's too (checked without the database); any other token goes on, to be verified. The entries live in the
 * public read cache, so any write on any instance empties them with the rest; an entry that merely expired is
 * renewed by one request while the others still get it.
 */
export function fastPath(cache: PublicReadCache, callers: Callers, app: RequestListener): RequestListener {
  return (req, res) => {
    if (cache.countsSql(req) || callers.maySignIn(req)) return app(req, res);
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!answer(cache.getOrRenew<FastAnswer>(fastKeyOf(req)), req, res)) app(req, res);
      return;
    }
    const length = Number(req.headers['content-length']);
    const readable =
      req.method === 'POST' &&
      GRAPHQL.test(pathOf(urlOf(req))) &&
      JSON_TYPE.test(req.headers['content-type'] ?? '') &&
      !req.headers['content-encoding'] &&
      length > 0 &&
      length <= MAX_QUERY_BODY;
    if (!readable) return app(req, res);
    readBody(req, length, {
      whole: (body) => {
        const key = postKey(body, req);
        if (answer(cache.getOrRenew<FastAnswer>(key), req, res)) {
          req.resume();
          return;
        }
        // Handed back before the stream ends, so the JSON parser further on reads the body as if untouched.
        req.unshift(body);
        postKeys.set(req, key);
        app(req, res);
      },
      short: () => app(req, res),
    });
  };
}

/**
 * Reads exactly `length` bytes, then stops before the stream ends (so they can still be handed back). A body that
 * ends short goes to the application, whose parser refuses it as before; one that breaks off has no one to answer.
 */
function readBody(req: IncomingMessage, length: number, then: { whole: (body: Buffer) => void; short: () => void }): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => {
    req.off('readable', onReadable);
    req.off('end', onEnd);
  };
  const onReadable = () => {
    let chunk: Buffer | null;
    while (size < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (size < length) return;
    stop();
    then.whole(Buffer.concat(chunks));
  };
  const onEnd = () => {
    stop();
    then.short();
  };
  req.on('readable', onReadable);
  req.on('end', onEnd);
}

/**
 * Sends a stored answer, if there is one, with its `Age` and the ETag of the coding it goes out in: `304` when the
 * browser already holds it, else the body it accepts (once compressed, for the few requests that arrive while zlib's
 * threads are still at it).
 */
function answer(stored: FastAnswer | undefined, req: IncomingMessage, res: ServerResponse): boolean {
  if (!stored) return false;
  for (const [name, value] of stored.headers) res.setHeader(name, value);
  res.setHeader('Age', String(Math.max(0, Math.floor((Date.now() - stored.at) / 1000))));
  // An answer too small to gain is kept, and sent, only as it is.
  const encoding = stored.encoding ? acceptedCoding(req.headers['accept-encoding']) : 'identity';
  const etag = res.getHeader('etag');
  if (typeof etag === 'string') res.setHeader('ETag', codedEtag(etag, encoding));
  if (typeof etag === 'string' && req.method !== 'POST' && notModified(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const send = () => {
    const body = encoding !== 'identity' && stored.encoded ? stored.encoded[encoding] : stored.identity;
    if (body !== stored.identity) res.setHeader('Content-Encoding', encoding);
    // Compression failed (never expected): the body goes out as it is, under the validator of that body.
    else if (typeof etag === 'string') res.setHeader('ETag', etag);
    res.setHeader('Content-Length', body.length);
    res.statusCode = stored.status;
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (encoding !== 'identity' && !stored.encoded && stored.encoding) void stored.encoding.then(send);
  else send();
  return true;
}

/**
 * Sends the slow path's finished answer with a strong ETag (304 when the browser holds it already) and keeps it
 * for the fast path: the page and list caches both end here. The ETag is the uncompressed body's; the one sent
 * names the coding `compression` chooses (`codedValidators`).
 */
export function answerAndRemember(cache: PublicReadCache, req: Request, res: Response, body: Buffer): void {
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  res.setHeader('ETag', etag);
  rememberForFastPath(cache, req, res, body);
  if (notModified(req.headers['if-none-match'], etag)) res.status(304).end();
  else res.end(body);
}

/**
 * For a verified visitor's page or list on the slow path: answers it from what is kept, when it carried a token that
 * the fast path could not clear without the database (one ended by logout); else counts it against its address
 * (`admitMiss`, 429 past the limit). True when it is still to be rendered.
 */
export async function mustRender(cache: PublicReadCache, req: Request, res: Response, shape: 'legacy' | 'text'): Promise<boolean> {
  if (req.headers.authorization && answer(cache.getOrRenew<FastAnswer>(fastKeyOf(req)), req, res)) return false;
  return cache.admitMiss(req, res, shape);
}

/**
 * Stale-if-error: a visitor's read whose renewal the slow path is answering with a server error (the database away)
 * is answered instead from the copy kept for its address, as the fast path would, if one is kept (a page never seen
 * before keeps its 503 and Retry-After). For what visitors share only: the callers have made sure the request is a
 * visitor's, and nothing of the error has been sent yet. True when it was answered so.
 */
export function answerStale(cache: PublicReadCache, req: IncomingMessage, res: ServerResponse): boolean {
  if (!SERVER_ERRORS.has(res.statusCode) || res.headersSent) return false;
  const stored = cache.staleOnError<FastAnswer>(fastKeyOf(req));
  if (!stored) return false;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  return answer(stored, req, res);
}

/** Marks a GraphQL answer as the same for every visitor, so the fast path may keep it. */
export function markShared(req: IncomingMessage): void {
  sharedAnswers.add(req);
}

/**
 * Keeps the GraphQL answers marked shared for the fast path, as Apollo sends them (after compression was set up,
 * so the body is caught uncompressed).
 */
export function rememberSharedGraphQL(cache: PublicReadCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers.authorization) return next();
    const original = res.end;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const body = typeof chunk === 'string' ? Buffer.from(chunk) : chunk instanceof Buffer ? chunk : undefined;
      if (body && res.statusCode === 200 && sharedAnswers.has(req)) rememberForFastPath(cache, req, res, body);
      res.end = original;
      if (answerStale(cache, req, res)) return res;
      return end(chunk, ...rest);
    }) as Response['end'];
    next();
  };
}

/**
 * Keeps a visitor's answer for the fast path: its headers as they stand now, and its uncompressed body, compressed
 * on zlib's threads (a large list takes brotli tens of milliseconds, which the event loop must not wait for).
 */
function rememberForFastPath(cache: PublicReadCache, req: Request, res: Response, body: Buffer): void {
  const key = fastKeyOf(req);
  if (!key || !cache.seconds || req.method === 'HEAD' || req.headers.authorization) return;
  const headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => !PER_RESPONSE.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
  const vary = headers.find(([name]) => name === 'vary');
  if (!vary) headers.push(['vary', 'Accept-Encoding']);
  else if (!/accept-encoding/i.test(String(vary[1]))) vary[1] = `${String(vary[1])}, Accept-Encoding`;
  // An answer the read cache gave was already that old (its `Age`).
  const at = Date.now() - (Number(res.getHeader('age')) || 0) * 1000;
  const stored: FastAnswer = { at, status: res.statusCode, headers, identity: body };
  const bytes = key.length + body.length + headers.reduce((sum, [name, value]) => sum + name.length + String(value).length, 0);
  if (body.length >= MIN_BYTES) compressForFastPath(cache, key, stored, bytes);
  cache.set(key, stored, bytes);
}

/** Compresses a kept answer once, on zlib's threads; it then weighs its coded bodies too. */
function compressForFastPath(cache: PublicReadCache, key: string, stored: FastAnswer, bytes: number): void {
  stored.encoding = Promise.all([brotliAsync(stored.identity, BROTLI), gzipAsync(stored.identity)]).then(
    ([br, gzip]) => {
      stored.encoded = { br, gzip };
      cache.resized(key, stored, bytes + br.length + gzip.length);
    },
    // Never expected; those waiting are sent the body uncompressed.
    () => undefined,
  );
}
