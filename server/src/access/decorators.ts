import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { requestOf } from '../common/request-of.js';
import type { AuthUser } from './auth-user.js';
import type { Permission } from './permissions.js';

export const IS_PUBLIC = 'isPublic';
export const REQUIRED_PERMISSIONS = 'requiredPermissions';

/** Opens an entry point to visitors; everything else needs a valid token (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts an entry point to callers whose role grants every one of these permissions. */
export const Can = (...permissions: Permission[]) => SetMetadata(REQUIRED_PERMISSIONS, permissions);

/** The signed-in caller, or undefined for a visitor on a public entry point. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthUser | undefined => (requestOf(context) as Request & { user?: AuthUser }).user,
);
