import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser, Role } from './auth-user.js';
import { requestOf } from './request-of.js';

export const IS_PUBLIC = 'isPublic';
export const ROLES = 'roles';

/** Opens an entry point to visitors; everything else needs a valid token (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts an entry point to the given roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** The signed-in caller, or undefined for a visitor on a public entry point. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthUser | undefined => (requestOf(context) as Request & { user?: AuthUser }).user,
);

/** The caller's network address, as Express sees it (honours TRUST_PROXY). */
export const ClientIp = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = requestOf(context);
  return request.ip ?? request.socket?.remoteAddress ?? 'unknown';
});
