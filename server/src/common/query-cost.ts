import type { ApolloServerPlugin } from '@apollo/server';
import type { Request } from 'express';
import { DocumentNode, getNullableType, GraphQLError, GraphQLSchema, isListType } from 'graphql';
import { type ComplexityEstimator, getComplexity } from 'graphql-query-complexity';
import { PERMISSION } from '@ministry/shared';
import { can, type Role } from '../access/permissions.js';
import type { GraphQLContext } from './loaders.js';

/**
 * What one GraphQL request may cost. A field costs 1 plus what it selects; a list multiplies what each item
 * selects by how many items it may hold: `perPage` (25 when not given) on paged lists, the `listSize` a field
 * declares (`@Extensions({ listSize })`, e.g. `cities`), else `unpagedListSize`. Admins export whole lists
 * from the console, so they may ask for more.
 */
export const QUERY_COST = {
  max: 5_000,
  // The largest console export, 1,000 Gift Aid claims with their schedule rows, is estimated at 113,001.
  maxForAdmins: 150_000,
  maxPerPage: 100,
  maxPerPageForAdmins: 1_000,
  defaultPerPage: 25,
  unpagedListSize: 10,
};

interface CostRules {
  maxPerPage: number;
  /** Filled by the estimator: a `perPage` past the caller's limit. */
  perPageOver?: number;
}

const estimateField: ComplexityEstimator = ({ type, field, args, childComplexity, context }) => {
  // Introspection answers the schema, whose size is fixed; who may run it is decided elsewhere.
  if (field.name.startsWith('__') || type.name.startsWith('__')) return 0;
  const own = 1 + childComplexity;
  const rules = context as CostRules;
  const paged = field.args.some((arg) => arg.name === 'perPage');
  const perPage = typeof args.perPage === 'number' ? args.perPage : QUERY_COST.defaultPerPage;
  if (paged && perPage > rules.maxPerPage) rules.perPageOver = perPage;
  if (!isListType(getNullableType(field.type))) return own;
  const declared = field.extensions?.listSize;
  const size = paged ? perPage : typeof declared === 'number' ? declared : QUERY_COST.unpagedListSize;
  return 1 + Math.max(size, 0) * Math.max(childComplexity, 1);
};

/** The estimated cost of an operation, and a `perPage` past `maxPerPage` if it asks for one. */
export function measureQuery(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | undefined, maxPerPage: number) {
  // Parsed documents are reused for the same text: a busy query is measured once per set of variables.
  let measured = measuredByDocument.get(document);
  if (!measured) measuredByDocument.set(document, (measured = new Map()));
  const key = `${maxPerPage}\n${operationName ?? ''}\n${JSON.stringify(variables)}`;
  let result = measured.get(key);
  if (!result) {
    const rules: CostRules = { maxPerPage };
    const cost = getComplexity({ schema, query: document, variables, operationName, estimators: [estimateField], context: rules });
    result = { cost, perPageOver: rules.perPageOver };
    if (measured.size >= 50) measured.clear();
    measured.set(key, result);
  }
  return result;
}

const measuredByDocument = new WeakMap<DocumentNode, Map<string, { cost: number; perPageOver?: number }>>();

const badRequest = (message: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...extensions, http: { status: 400 } } });

/**
 * Refuses, before any resolver runs, a request whose estimated cost is past the caller's limit
 * (`QUERY_TOO_COSTLY`) or a list page longer than the caller may ask for (`BAD_USER_INPUT` on `perPage`).
 * The caller is verified as the guard verifies it (`callerOf`): a token ended by logout, or whose holder is no
 * longer staff, gets no more than a visitor; a caller who cannot be verified just now neither.
 */
export function queryCost(callerOf: (req: Request) => Promise<{ role: Role } | undefined>): ApolloServerPlugin<GraphQLContext> {
  const isStaff = async (req: Request) => {
    const caller = await callerOf(req).catch(() => undefined);
    return caller !== undefined && can(caller, PERMISSION.consoleSignIn);
  };

  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operationName, contextValue }) {
          const admin = await isStaff(contextValue.req);
          const maxPerPage = admin ? QUERY_COST.maxPerPageForAdmins : QUERY_COST.maxPerPage;
          const max = admin ? QUERY_COST.maxForAdmins : QUERY_COST.max;
          let measured: ReturnType<typeof measureQuery>;
          try {
            measured = measureQuery(schema, document, request.variables ?? {}, operationName ?? undefined, maxPerPage);
          } catch (error) {
            // Variables that do not fit their types: the same answer execution would give.
            throw badRequest(error instanceof Error ? error.message : String(error));
          }
          const { cost, perPageOver } = measured;
          if (perPageOver !== undefined) {
            throw badRequest(`perPage may be at most ${maxPerPage} (got ${perPageOver})`, { field: 'perPage' });
          }
          if (cost > max) {
            throw new GraphQLError(
              `This query would cost ${cost}, more than the ${max} allowed per request: ask for fewer items (perPage), fewer aliases or fewer fields, or split it`,
              { extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost: max, http: { status: 400 } } },
            );
          }
        },
      };
    },
  };
}
