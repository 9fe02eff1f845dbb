import { ApolloClient, HttpLink, InMemoryCache, gql, type NormalizedCacheObject } from '@apollo/client';
import buildGraphQLProvider from 'ra-data-graphql-simple';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';

/** Payment and shipping actions that are not plain updates. */
export type OrderAction = 'markBookOrderShipped' | 'refundBookOrder' | 'cancelRegularDonation';

/** What the Active regular gifts bring in each month, in one currency. */
export type MonthlyTotal = { currency: string; amount: number; gifts: number };

export type GraphQLConnection = {
  provider: DataProvider;
  /** Resolves once the schema has been read; rejects when it could not be. */
  introspected: Promise<unknown>;
  runOrderAction(action: OrderAction, id: Identifier): Promise<RaRecord>;
  regularGivingTotals(filter: Record<string, unknown>): Promise<MonthlyTotal[]>;
};

const ORDER_MUTATIONS: Record<OrderAction, ReturnType<typeof gql>> = {
  markBookOrderShipped: gql`mutation MarkBookOrderShipped($id: ID!) { result: markBookOrderShipped(id: $id) { id status } }`,
  refundBookOrder: gql`mutation RefundBookOrder($id: ID!) { result: refundBookOrder(id: $id) { id status } }`,
  cancelRegularDonation: gql`mutation CancelRegularDonation($id: ID!) { result: cancelRegularDonation(id: $id) { id status cancelledAt nextBillingAt } }`,
};

const REGULAR_GIVING_TOTALS = gql`query RegularGivingTotals($filter: RegularDonationFilter) { regularGivingTotals(filter: $filter) { currency amount gifts } }`;

/**
 * An Apollo client for one token and the ra-data-graphql-simple provider generated from the schema it may
 * read. Loaded on the first data call, so the login page carries neither Apollo nor graphql-js.
 */
export function connectGraphQL(uri: string, token: string | undefined, fetchImpl?: typeof fetch): GraphQLConnection {
  const client: ApolloClient<NormalizedCacheObject> = new ApolloClient({
    link: new HttpLink({ uri, fetch: fetchImpl, headers: token ? { authorization: `Bearer ${token}` } : {} }),
    cache: new InMemoryCache(),
  });
  const provider = buildGraphQLProvider({ client });
  const introspected = (provider as unknown as { getIntrospection: () => Promise<unknown> }).getIntrospection();
  return {
    provider,
    introspected,
    async runOrderAction(action, id) {
      const { data } = await client.mutate<{ result: RaRecord }>({ mutation: ORDER_MUTATIONS[action], variables: { id } });
      return data!.result;
    },
    async regularGivingTotals(filter) {
      const { data } = await client.query<{ regularGivingTotals: MonthlyTotal[] }>({ query: REGULAR_GIVING_TOTALS, variables: { filter }, fetchPolicy: 'no-cache' });
      return data.regularGivingTotals;
    },
  };
}
