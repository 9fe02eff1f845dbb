import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { IS_PUBLIC, REQUIRED_PERMISSIONS } from '../access/decorators.js';
import { can, type Permission } from '../access/permissions.js';
import { requestOf } from '../common/request-of.js';
import { Callers, SESSION_ENDED } from '../http-cache/callers.js';

type AuthedRequest = Request & { user?: AuthUser };

/**
 * Default deny: every entry point needs a valid bearer token unless marked `@Public()`; `@Can()` narrows it to
 * roles granting the permissions it names. Public entry points still learn who is calling when a valid token is
 * sent (an admin sees more). The token is checked once per request (`Callers`, whose answer the visitors' cache
 * and the cost limits share), however many root fields a GraphQL request has.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: Callers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const request = requestOf(context) as AuthedRequest;

    // A token that cannot be checked just now (the database away) proves nothing, as a junk one.
    const verdict = request.headers.authorization ? await this.callers.verdict(request).catch(() => undefined) : undefined;
    request.user = verdict === SESSION_ENDED ? undefined : verdict;
    if (!request.user) {
      if (isPublic) return true;
      throw verdict === SESSION_ENDED ? AppError.unauthenticated('Your session has ended. Please log in again.') : AppError.unauthenticated();
    }
    const required = this.reflector.getAllAndOverride<Permission[] | undefined>(REQUIRED_PERMISSIONS, targets) ?? [];
    if (!required.every((permission) => can(request.user, permission))) throw AppError.forbidden();
    return true;
  }
}
