/** The error codes the API speaks: GraphQL `extensions.code`, and an HTTP status for REST. */
export const ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Well-formed but contradicting what was sent before (an idempotency key reused with other fields). */
  UNPROCESSABLE: 422,
  PAYMENT_FAILED: 402,
  TOO_MANY_REQUESTS: 429,
  /** A failure of ours that no caller caused: a bug, or a table or disk gone. */
  INTERNAL_SERVER_ERROR: 500,
  /** An upstream service (PayPal) failed or did not answer. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** How long a client or load balancer is asked to wait before retrying a 503 (a database restart takes seconds). */
export const RETRY_AFTER_SECONDS = 5;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One field in error and what to do about it, in people's words. */
export type FieldProblem = { field: string; message: string };

/**
 * An expected failure a caller can act on. `field` names the input at fault, so forms can show the message
 * beside it; REST answers `{ errors: [{ msg, path }] }` and GraphQL carries `extensions.code` and `field`.
 * A validation failure also lists every field in error (`problems`, the first being `field` and the message).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly problems?: readonly FieldProblem[],
    /** Facts a client acts on beside the message (`placesLeft`), answered as GraphQL extensions. */
    readonly details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static badInput(field: string, message: string): AppError {
    return new AppError('BAD_USER_INPUT', message, field);
  }

  /** Several fields in error at once, in the order of the form; the first is the error's own field and message. */
  static invalid(problems: readonly FieldProblem[]): AppError {
    return new AppError('BAD_USER_INPUT', problems[0].message, problems[0].field, problems);
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} was not found`);
  }

  static forbidden(message = 'You are not allowed to do this'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static unauthenticated(message = 'Please log in to continue'): AppError {
    return new AppError('UNAUTHENTICATED', message);
  }

  static serviceUnavailable(): AppError {
    return new AppError('SERVICE_UNAVAILABLE', 'The site is briefly unavailable. Please try again in a few seconds.');
  }

  static tooManyRequests(): AppError {
    return new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait a few minutes and try again.');
  }
}
