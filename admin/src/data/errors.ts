import { HttpError } from 'react-admin';

export const NOT_AUTHORISED = 'You are not authorised to access this page';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';

const STATUS_BY_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

type GraphQLErrorLike = { message?: string; extensions?: { code?: unknown; field?: unknown } };

const graphQLErrorsOf = (error: unknown): GraphQLErrorLike[] => {
  const candidate = error as { graphQLErrors?: unknown; errors?: unknown; body?: unknown; networkError?: { result?: { errors?: unknown } } } | null;
  if (!candidate || typeof candidate !== 'object') return [];
  for (const list of [candidate.graphQLErrors, candidate.errors, candidate.networkError?.result?.errors]) {
    if (Array.isArray(list) && list.length > 0) return list as GraphQLErrorLike[];
  }
  return candidate.body && candidate.body !== error ? graphQLErrorsOf(candidate.body) : [];
};

const statusOf = (error: unknown): number | undefined => {
  const candidate = error as { status?: unknown; statusCode?: unknown; networkError?: { statusCode?: unknown } } | null;
  const status = candidate?.status ?? candidate?.statusCode ?? candidate?.networkError?.statusCode;
  return typeof status === 'number' && status !== 200 ? status : undefined;
};

/**
 * Any failure of the API (GraphQL errors, HTTP errors, network errors) as react-admin's HttpError: the status
 * follows the error's `extensions.code`, so the auth provider can tell an ended session, and an error naming a
 * field lands on that field of the form (react-admin reads `body.errors`).
 */
export function toHttpError(error: unknown): HttpError {
  const [first] = graphQLErrorsOf(error);
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : undefined;
  const status = (code && STATUS_BY_CODE[code]) || statusOf(error) || 500;
  let message = first?.message ?? (error instanceof Error ? error.message : String(error));
  if (status === 401) message = SESSION_ENDED;
  else if (status === 403) message = first?.message ?? NOT_AUTHORISED;
  else if (!first && !statusOf(error) && /fetch|network|load failed/i.test(message)) message = UNREACHABLE;

  const field = typeof first?.extensions?.field === 'string' && first.extensions.field ? first.extensions.field : undefined;
  const body = field ? { errors: { [field]: message, root: { serverError: message } } } : { code };
  return new HttpError(message, status, body);
}
