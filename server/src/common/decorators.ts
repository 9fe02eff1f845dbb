import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { requestOf } from './request-of.js';

/** The caller's network address, as Express sees it (honours TRUST_PROXY). */
export const ClientIp = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = requestOf(context);
  return request.ip ?? request.socket?.remoteAddress ?? 'unknown';
});
