import type { ApolloServerPlugin } from '@apollo/server';
import { BREAK, type DocumentNode, GraphQLError, visit } from 'graphql';
import { PERMISSION } from '@ministry/shared';
import { can } from '../access/permissions.js';
import type { AuthService } from './auth.service.js';
import type { GraphQLContext } from '../common/loaders.js';

/** Whether the document asks for `__schema` or `__type` anywhere: at the root, in a fragment or an inline fragment. */
export function readsSchema(document: DocumentNode): boolean {
  // Parsed documents are reused for the same text, so each is walked once.
  let found = schemaReaders.get(document);
  if (found === undefined) schemaReaders.set(document, (found = findsSchema(document)));
  return found;
}

const schemaReaders = new WeakMap<DocumentNode, boolean>();

function findsSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** In production only callers with `schema:read` may read the schema (the admin console builds itself from it). */
export function introspectionGate(auth: AuthService): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (!readsSchema(document)) return;
          const user = await auth.userForAuthorization(contextValue.req.headers.authorization);
          if (!user) {
            throw new GraphQLError('Please log in to continue', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
          }
          if (!can(user, PERMISSION.schemaRead)) {
            throw new GraphQLError('Schema introspection is only available to admins', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
          }
        },
      };
    },
  };
}
