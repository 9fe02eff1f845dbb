import { ApolloClient, ApolloError, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { onError } from '@apollo/client/link/error';
import { toFormErrors, type FormErrors, type GraphqlError } from './graphql';
import { getSession } from './session';

/**
 * The member area's GraphQL client: every operation carries the member's token. When the server no longer
 * accepts it (expired, or ended by a logout elsewhere), `onSignedOut` runs. Only member routes import this
 * module, so Apollo never weighs on a public page.
 */
export function createMemberClient(onSignedOut: () => void) {
  const withToken = new ApolloLink((operation, forward) => {
    const { token } = getSession();
    if (token) operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({ headers: { ...headers, authorization: `Bearer ${token}` } }));
    return forward(operation);
  });
  const signedOut = onError(({ graphQLErrors }) => {
    if (graphQLErrors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED')) onSignedOut();
  });
  return new ApolloClient({
    link: ApolloLink.from([signedOut, withToken, new HttpLink({ uri: '/graphql' })]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}

/** A failed Apollo call as form errors (field messages where the server names a field). */
export function formErrorsOf(error: unknown): FormErrors {
  if (error instanceof ApolloError && error.graphQLErrors.length) return toFormErrors(error.graphQLErrors as unknown as GraphqlError[]);
  return { fields: {}, message: 'We could not reach the server. Check your connection and try again.' };
}
