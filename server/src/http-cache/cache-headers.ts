import type { ApolloServerPlugin } from '@apollo/server';
import type { Response } from 'express';
import { OperationTypeNode } from 'graphql';
import type { GraphQLContext } from '../common/loaders.js';
import type { AuthUser } from '../access/auth-user.js';
import type { Callers } from './callers.js';

/**
 * What a public answer differs by: who asks (a signed-in caller may see more) and how it is compressed. Not by
 * cookie: nothing reads one (members sign in with a bearer token), so a CDN keeps one copy for every visitor.
 */
export const VARY = 'Authorization, Accept-Encoding';

/**
 * How long after it expires a kept answer may still be given while one request renews it: a minute, as long as a
 * browser keeps it anyway (`max-age`), so nobody sees an older copy than a browser's own cache could show.
 */
export const STALE_WHILE_REVALIDATE_SECONDS = 60;

/**
 * How long after it expires a kept answer may stand in for a server error (the database away): a day. A restart or
 * a failover takes seconds and a night without anyone on call hours; sermons and service times a day old serve a
 * visitor better than an error, and no write can have made the copy wrong meanwhile (any write empties the cache,
 * and so does listening again after the database was lost).
 */
export const STALE_IF_ERROR_SECONDS = 24 * 60 * 60;

/**
 * A visitor's shared answer (RFC 9111, RFC 5861): a browser keeps it `browserSeconds` (a page none, so a new release's
 * assets are found at once); a shared cache (this server's, a CDN's) for `seconds` (`PUBLIC_CACHE_SECONDS`), then
 * gives it while one request renews it, or instead of a server error. With `seconds` 0 no shared cache keeps it.
 */
export function visitorCacheControl(seconds: number, browserSeconds = 60): string {
  if (!seconds) return `public, max-age=${browserSeconds}, s-maxage=0`;
  return `public, max-age=${browserSeconds}, s-maxage=${seconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
}

/**
 * Public reads may be cached by browsers and proxies for a minute (Express adds the ETag; the visitors' cache,
 * which keeps them, adds what shared caches may do: `visitorCacheControl`); a signed-in caller's answer may hold
 * unpublished records and is never shared.
 */
export function cacheRead(response: Response, caller: AuthUser | undefined) {
  response.setHeader('Cache-Control', caller ? 'private, no-cache' : 'public, max-age=60');
  response.setHeader('Vary', VARY);
}

/**
 * GraphQL answers as HTTP caches may keep them: a visitor's query answered without error may be kept by a browser
 * or a CDN (`visitorCacheControl`: it is the same for every visitor, and sent over GET it gets an ETag); anything
 * asked by a signed-in caller, any mutation and any error never is. (The read cache decides what the fast path
 * keeps.)
 */
export const graphqlCacheHeaders = (callers: Callers, seconds: number): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart({ contextValue }) {
    return {
      async willSendResponse({ response, operation }) {
        const shared =
          operation?.operation === OperationTypeNode.QUERY &&
          response.body.kind === 'single' &&
          !response.body.singleResult.errors &&
          (await callers.isVisitor(contextValue.req));
        response.http.headers.set('cache-control', shared ? visitorCacheControl(seconds) : 'private, no-store');
        response.http.headers.set('vary', VARY);
      },
    };
  },
});
