import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { IS_PUBLIC, REQUIRED_PERMISSIONS } from '../access/decorators.js';
import { can, type Permission } from '../access/permissions.js';
import { requestOf } from '../common/request-of.js';

type AuthedRequest = Request & { user?: AuthUser; authChecked?: boolean };

/**
 * Default deny: every entry point needs a valid bearer token unless marked `@Public()`; `@Can()` narrows it to
 * roles granting the permissions it names. Public entry points still learn who is calling when a valid token is
 * sent (an admin sees more). A GraphQL request with several root fields is authenticated once.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  getRequest(context: ExecutionContext) {
    return requestOf(context);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const required = this.reflector.getAllAndOverride<Permission[] | undefined>(REQUIRED_PERMISSIONS, targets) ?? [];
    const request = requestOf(context) as AuthedRequest;

    if (!request.authChecked) {
      if (request.headers.authorization) {
        try {
          await super.canActivate(context);
        } catch (error) {
          if (!isPublic) throw error instanceof AppError ? error : AppError.unauthenticated();
        }
      }
      request.authChecked = true;
    }
    if (!request.user) {
      if (isPublic) return true;
      throw AppError.unauthenticated();
    }
    if (!required.every((permission) => can(request.user, permission))) throw AppError.forbidden();
    return true;
  }

  handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw error instanceof AppError ? error : AppError.unauthenticated();
    return user;
  }
}
