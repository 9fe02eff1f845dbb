import type { NextFunction, Request, Response } from 'express';
import { acceptedCoding } from './codings.js';

/** What each content coding adds inside a strong ETag's quotes: a different body is a different validator. */
const CODING_SUFFIX: Record<string, string> = { br: '-br', gzip: '-gz', deflate: '-deflate' };
const CODED = /-(br|gz|deflate)"$/;

/**
 * The strong ETag of `etag`'s body sent with `coding` (RFC 9110 8.8.1: a strong validator changes whenever the
 * representation data does, and a compressed body is other data). A weak ETag, the identity coding, or a tag
 * already coded is left as it is.
 */
export function codedEtag(etag: string, coding: string): string {
  const suffix = CODING_SUFFIX[coding];
  if (!suffix || etag.startsWith('W/') || CODED.test(etag)) return etag;
  return `${etag.slice(0, -1)}${suffix}"`;
}

/** An entity tag as the weak comparison sees it, its coding aside: the same body in any coding is not modified. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '').replace(CODED, '"');

/** The tags an `If-None-Match` lists (RFC 9110 13.1.2), quoted; `*` as itself. */
const listed = (header: string | undefined): string[] => header?.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];

/** Whether an `If-None-Match` lists `etag` (or is `*`), by the weak comparison (RFC 9110 13.1.2). */
export function notModified(header: string | undefined, etag: string): boolean {
  return listed(header).some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}

/**
 * The tag the browser holds that matched `etag`, as the strong ETag its 200 carried. A cache holding several codings'
 * copies lists each one's tag; the 304 names the one this request's 200 would carry (RFC 9110 15.4.5), so the cache
 * freshens that copy (RFC 9111 4.3.4).
 */
function heldStrong(header: string | undefined, etag: string, acceptEncoding: string | undefined): string | undefined {
  const held = listed(header)
    .filter((tag) => tag !== '*' && opaque(tag) === opaque(etag))
    .map((tag) => tag.replace(/^W\//, ''));
  const answered = codedEtag(etag, acceptedCoding(acceptEncoding));
  return held.find((tag) => tag === answered) ?? held[0];
}

/**
 * For answers Express validates itself (its own ETag, compressed further on by `compression`): the ETag of a
 * compressed body names its coding, and an `If-None-Match` is read without the codings' suffixes, as Apache's
 * mod_deflate does, so Express's own check still answers 304. A 304 carries the tag the browser holds. Installed
 * before `compression`, so it sees the coding that chose.
 */
export function codedValidators(req: Request, res: Response, next: NextFunction): void {
  const held = req.headers['if-none-match'];
  if (held) req.headers['if-none-match'] = listed(held).map(opaque).join(', ');
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (typeof args[0] === 'number') res.statusCode = args[0];
    const etag = res.getHeader('etag');
    const coding = res.getHeader('content-encoding');
    // A 304 carries the Vary its 200 would (RFC 9110 15.4.5); `compression`, which adds it, passes over a 304, as
    // Express takes away the Content-Type it decides by.
    if (res.statusCode === 304) res.vary('Accept-Encoding');
    if (typeof etag === 'string' && res.statusCode === 304) res.setHeader('ETag', heldStrong(held, etag, req.headers['accept-encoding']) ?? etag);
    else if (typeof etag === 'string' && typeof coding === 'string') res.setHeader('ETag', codedEtag(etag, coding));
    return writeHead(...args);
  }) as Response['writeHead'];
  next();
}
