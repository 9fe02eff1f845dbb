import { data, type AppLoadContext } from 'react-router';

export type GraphqlError = { message: string; extensions?: { code?: string; field?: string | null } };
export type GraphqlResult<T> = { data?: T | null; errors?: GraphqlError[] };

/** Field messages keyed by input name, and the message that belongs to no field (shown above the form). */
export type FormErrors = { fields: Record<string, string>; message?: string };

/** The errors of a GraphQL answer as form errors: a message tied to its field where the server names one. */
export function toFormErrors(errors: GraphqlError[]): FormErrors {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const error of errors) {
    const field = error.extensions?.field;
    if (field) fields[field] ??= error.message;
    else message ??= error.message;
  }
  if (!message && !Object.keys(fields).length) message = 'Something went wrong. Please try again.';
  return { fields, message };
}

export function errorCode(errors: GraphqlError[] | undefined): string | undefined {
  return errors?.[0]?.extensions?.code;
}

/**
 * A public read for a loader. A missing record becomes a 404 page, and an unreachable database a 503 with
 * Retry-After (as the API answers), so a load balancer or crawler comes back rather than keeping an empty page.
 * Any other failure is logged and the page renders with what did arrive, so one broken block never takes the
 * whole page down.
 */
export async function loadPublic<T>(context: AppLoadContext, query: string, variables?: Record<string, unknown>): Promise<Partial<T>> {
  const result = await context.graphql<T>(query, variables);
  if (result.errors?.length) {
    if (errorCode(result.errors) === 'NOT_FOUND') throw data('Not found', { status: 404 });
    if (errorCode(result.errors) === 'SERVICE_UNAVAILABLE') throw data('Service unavailable', { status: 503, headers: { 'Retry-After': '5' } });
    console.error(`GraphQL read failed: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  return result.data ?? {};
}

/** A call from the browser to /graphql, with the member's token when there is one. */
export async function fetchGraphql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GraphqlResult<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const response = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await response.json()) as GraphqlResult<T>;
  } catch {
    return { errors: [{ message: 'We could not reach the server. Check your connection and try again.' }] };
  }
}
