import { data, type AppLoadContext } from 'react-router';
import { getSession } from './session';

/** A validation failure names every field in error in `extensions.errors`, in the order of the form (api-contract). */
export type GraphqlError = { message: string; extensions?: { code?: string; field?: string | null; errors?: { field: string; message: string }[] } };
export type GraphqlResult<T> = { data?: T | null; errors?: GraphqlError[] };
export type GraphqlVariables = Record<string, unknown>;
/** Sent beside an operation: a public form's idempotency key (api-contract: Idempotency-Key), so a retry stores once. */
export type GraphqlOptions = { idempotencyKey?: string };

/**
 * The one way the web app runs a GraphQL operation. Loaders and actions get one over the server's in-process
 * GraphQL (`serverGraphql`), the browser one over `POST /graphql` (`browserGraphql`); feature code takes either
 * and never knows which. A failure is an answer with `errors`, never a rejected promise.
 */
export type GraphqlCaller = {
  request<T = Record<string, unknown>>(query: string, variables?: GraphqlVariables, options?: GraphqlOptions): Promise<GraphqlResult<T>>;
};

/** In a loader or action: the operation runs in the server process with the visitor's own request, so guards apply. */
export function serverGraphql(context: AppLoadContext): GraphqlCaller {
  return { request: (query, variables, options) => context.graphql(query, variables, options) };
}

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/**
 * In the browser: a POST to /graphql with the signed-in member's token, when there is one. `onSignedOut` runs
 * when the server no longer accepts that token (expired, or ended by a logout elsewhere).
 */
export function browserGraphql(onSignedOut?: () => void): GraphqlCaller {
  return {
    async request<T>(query: string, variables: GraphqlVariables = {}, options: GraphqlOptions = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const { token } = getSession();
      if (token) headers.authorization = `Bearer ${token}`;
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
      let result: GraphqlResult<T>;
      try {
        const response = await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
        result = (await response.json()) as GraphqlResult<T>;
      } catch {
        return { errors: [{ message: UNREACHABLE }] };
      }
      if (onSignedOut && result.errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED')) onSignedOut();
      return result;
    },
  };
}

/** Field messages keyed by input name, and the message that belongs to no field (shown above the form). */
export type FormErrors = { fields: Record<string, string>; message?: string };

/**
 * The errors of a GraphQL answer as form errors: a message tied to its field where the server names one, every
 * field of a validation failure at once, in the order the server lists them (the form's).
 */
export function toFormErrors(errors: GraphqlError[]): FormErrors {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const error of errors) {
    const problems = error.extensions?.errors ?? (error.extensions?.field ? [{ field: error.extensions.field, message: error.message }] : []);
    for (const problem of problems) fields[problem.field] ??= problem.message;
    if (!problems.length) message ??= error.message;
  }
  if (!message && !Object.keys(fields).length) message = 'Something went wrong. Please try again.';
  return { fields, message };
}

/**
 * The API refused a form's idempotency key: the form was stored under it before it was changed (or the key was
 * tampered with). Sent again under a new key, it is stored as a new submission.
 */
export function keyRefused(errors: GraphqlError[] | undefined): boolean {
  return !!errors?.some((error) => error.extensions?.field === 'Idempotency-Key');
}

export const ALREADY_SENT = 'We had already received this form before it was changed. To send it as it is now, as a new message, press the button again.';

/** A write's answer as the form should take it: null when it succeeded, else the errors to show. */
export function failureOf(result: GraphqlResult<unknown>): FormErrors | null {
  return result.errors?.length ? toFormErrors(result.errors) : null;
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
export async function loadPublic<T>(graphql: GraphqlCaller, query: string, variables?: GraphqlVariables): Promise<Partial<T>> {
  const result = await graphql.request<T>(query, variables);
  if (result.errors?.length) {
    if (errorCode(result.errors) === 'NOT_FOUND') throw data('Not found', { status: 404 });
    if (errorCode(result.errors) === 'SERVICE_UNAVAILABLE') throw data('Service unavailable', { status: 503, headers: { 'Retry-After': '5' } });
    console.error(`GraphQL read failed: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  return result.data ?? {};
}
