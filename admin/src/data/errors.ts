import { HttpError } from 'react-admin';
import { isProgramsMessage, problemOf, problemWords, variableProblem, type FieldProblem } from './fieldMessages';

export const NOT_AUTHORISED = 'You are not authorised to access this page';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';
export const NOT_UNDERSTOOD = 'The server did not understand this request, so nothing was changed. Please reload the page and try again.';
export const SERVER_FAILED = 'Something went wrong on the server. Please try again in a moment; if it keeps happening, tell the office.';

const STATUS_BY_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  GRAPHQL_PARSE_FAILED: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

type ListedProblem = { field?: unknown; message?: unknown };
type GraphQLErrorLike = { message?: string; extensions?: { code?: unknown; field?: unknown; errors?: unknown } };

/**
 * The one error of every console call (lists, forms, actions, uploads, downloads): react-admin's HttpError, so
 * `status` drives the auth provider's sign-out and `body.errors` puts each field's message under its field, plus
 * the GraphQL `code` and the fields the server named (`extensions.field` and every `extensions.errors` entry).
 */
export class ApiError extends HttpError {
  constructor(
    message: string,
    status: number,
    readonly code?: string,
    /** Messages by field, in the server's order; the first is `field`. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message, status, Object.keys(fieldErrors).length ? { errors: { ...fieldErrors, root: { serverError: message } } } : { code });
    // HttpError sets its own prototype, which would hide this class's.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
  }

  /** The first field the server named, if any. */
  get field(): string | undefined {
    return Object.keys(this.fieldErrors)[0];
  }
}

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

/** `extensions.field` with the error's message, then each field of `extensions.errors` with its own, or the variable GraphQL refused. */
const problemsOf = (first: GraphQLErrorLike | undefined): FieldProblem[] => {
  const message = first?.message ?? '';
  const refused = variableProblem(message);
  if (refused) return [refused];
  const problems: FieldProblem[] = [];
  const named = first?.extensions?.field;
  if (typeof named === 'string' && named) problems.push(problemOf(named, message));
  const listed = Array.isArray(first?.extensions?.errors) ? (first.extensions.errors as ListedProblem[]) : [];
  for (const { field, message: text } of listed) {
    if (typeof field === 'string' && field && typeof text === 'string' && !problems.some((problem) => problem.field === field)) problems.push(problemOf(field, text));
  }
  return problems;
};

/**
 * Any failure of the API (GraphQL errors, HTTP errors, network errors) as an ApiError: the status follows the
 * error's `extensions.code`, so the auth provider can tell an ended session from a refusal.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const [first] = graphQLErrorsOf(error);
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : undefined;
  const status = (code && STATUS_BY_CODE[code]) || statusOf(error) || 500;
  const problems = problemsOf(first);
  const fieldErrors = Object.fromEntries(problems.map((problem) => [problem.field, problemWords(problem)]));
  let message = first?.message ?? (error instanceof Error ? error.message : String(error));
  if (status === 401) message = SESSION_ENDED;
  else if (status === 403) message = first?.message ?? NOT_AUTHORISED;
  else if (problems.length) message = fieldErrors[problems[0].field];
  else if (!first && !statusOf(error) && /fetch|network|load failed/i.test(message)) message = UNREACHABLE;
  else if (isProgramsMessage(message)) message = status >= 500 ? SERVER_FAILED : NOT_UNDERSTOOD;
  return new ApiError(message, status, code, fieldErrors);
}
