import { HeaderMap } from '@apollo/server';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { isDatabaseUnavailable } from '../database/database-unavailable.js';
import { AppError, ERROR_STATUS, ErrorCode, RETRY_AFTER_SECONDS } from './app-error.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

const UNMATCHED_ROUTE = /^Cannot [A-Z]+ \//;

/** Any thrown value as an AppError; anything unexpected becomes a 500 that reveals nothing. */
function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const raw = typeof response === 'object' && response !== null && 'message' in response ? response.message : error.message;
    const message = Array.isArray(raw) ? String(raw[0]) : String(raw);
    if (status === 413) return AppError.badInput('image', 'The file is too large');
    // Nest's own answer for a route nobody serves, `Cannot <method> <path>`, would differ between a GET and its HEAD.
    if (error instanceof NotFoundException && UNMATCHED_ROUTE.test(message)) return AppError.notFound('This address');
    return new AppError(CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_USER_INPUT'), message);
  }
  if (isDatabaseUnavailable(error)) return AppError.serviceUnavailable();
  return undefined;
}

function toGraphQLError(error: AppError): GraphQLError {
  // Apollo takes `extensions.http` as the response's status and headers, and leaves it out of the body.
  const http = error.code === 'SERVICE_UNAVAILABLE' ? { status: error.status, headers: new HeaderMap([['retry-after', String(RETRY_AFTER_SECONDS)]]) } : undefined;
  const errors = error.problems && { errors: error.problems.map(({ field, message }) => ({ field, message })) };
  return new GraphQLError(error.message, { extensions: { ...error.details, code: error.code, field: error.field, ...errors, ...(http && { http }) } });
}

/**
 * One mapper for every failure: REST answers the legacy `{ errors: [{ msg, path }] }` shape (one entry per field
 * in error, the first as before), GraphQL answers an error with `extensions.code`, `field` and, for a validation
 * failure, `errors: [{ field, message }]`. Unexpected errors are logged with their stack and answered without detail.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const known = toAppError(exception);
    if (!known) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    // One line, no stack: an outage fails every request the same way. The driver's message holds no user data.
    else if (known.code === 'SERVICE_UNAVAILABLE' && exception instanceof Error) this.logger.warn(`database unavailable: ${exception.message}`);
    // Unexpected is ours, never a gateway's: BAD_GATEWAY stays for an upstream service (PayPal) that failed.
    const error = known ?? new AppError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side. Please try again.');
    const status = error.status;

    if (host.getType<string>() === 'graphql') {
      return toGraphQLError(error);
    }
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (error.code === 'SERVICE_UNAVAILABLE') response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    const problems = error.problems ?? [{ field: error.field ?? '', message: error.message }];
    response.status(status).json({ errors: problems.map(({ field, message }) => ({ msg: message, path: field })), code: error.code });
  }
}
