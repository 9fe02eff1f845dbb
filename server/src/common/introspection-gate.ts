import type { ApolloServerPlugin } from '@apollo/server';
import type { JwtService } from '@nestjs/jwt';
import { GraphQLError, Kind } from 'graphql';
import type { AuthService, JwtPayload } from '../auth/auth.service.js';
import type { GraphQLContext } from './loaders.js';

/** In production only admins may read the schema (the admin console builds itself from it). */
export function introspectionGate(jwt: JwtService, auth: AuthService): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          const introspects = !!operation && operation.selectionSet.selections.some(
            (s) => s.kind === Kind.FIELD && (s.name.value === '__schema' || s.name.value === '__type'),
          );
          if (!introspects) return;
          const header = contextValue.req.headers.authorization ?? '';
          const token = header.startsWith('Bearer ') ? header.slice(7) : '';
          const payload = token ? await jwt.verifyAsync<JwtPayload>(token).catch(() => undefined) : undefined;
          const user = payload ? await auth.userForToken(payload) : undefined;
          if (!user) {
            throw new GraphQLError('Please log in to continue', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
          }
          if (user.role !== 'Admin') {
            throw new GraphQLError('Schema introspection is only available to admins', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
          }
        },
      };
    },
  };
}
