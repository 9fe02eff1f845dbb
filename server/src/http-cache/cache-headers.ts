import type { ApolloServerPlugin } from '@apollo/server';
import type { Response } from 'express';
import { OperationTypeNode } from 'graphql';
import type { GraphQLContext } from '../common/loaders.js';
import type { AuthUser } from '../access/auth-user.js';
import type { Callers } from './callers.js';

/** What a public answer differs by: who asks (a signed-in caller may see more) and how it is compressed. */
export const VARY = 'Authorization, Cookie, Accept-Encoding';

/**
 * Public reads may be cached by browsers and proxies for a minute (Express adds the ETag); a signed-in
 * caller's answer may hold unpublished records and is never shared.
 */
export function cacheRead(response: Response, caller: AuthUser | undefined) {
  response.setHeader('Cache-Control', caller ? 'private, no-cache' : 'public, max-age=60');
  response.setHeader('Vary', VARY);
}

/**
 * GraphQL answers as HTTP caches may keep them: a visitor's query answered without error may be kept for a
 * minute by a browser or a CDN (it is the same for every visitor, and sent over GET it gets an ETag); anything
 * asked by a signed-in caller, any mutation and any error never is. (The read cache decides what the fast path
 * keeps.)
 */
export const graphqlCacheHeaders = (callers: Callers): ApolloServerPlugin<GraphQLContext> => ({
  async requestDidStart({ contextValue }) {
    return {
      async willSendResponse({ response, operation }) {
        const shared =
          operation?.operation === OperationTypeNode.QUERY &&
          response.body.kind === 'single' &&
          !response.body.singleResult.errors &&
          (await callers.isVisitor(contextValue.req));
        response.http.headers.set('cache-control', shared ? 'public, max-age=60' : 'private, no-store');
        response.http.headers.set('vary', VARY);
      },
    };
  },
});
