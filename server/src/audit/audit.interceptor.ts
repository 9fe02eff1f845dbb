import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AuthUser } from '../access/auth-user.js';
import { requestOf } from '../common/request-of.js';
import { AUDITED, type AuditedRead } from './audit.decorator.js';
import { AuditService, staffReader } from './audit.service.js';

const idsOf = (answer: unknown): string[] => {
  const items = Array.isArray(answer) ? answer : [answer];
  return items.flatMap((item) => (item && typeof item === 'object' && 'id' in item ? [String((item as { id: unknown }).id)] : []));
};

/**
 * After an `@Audited` entry point answers a staff member, writes the read to the audit trail before the answer
 * leaves: a read that cannot be recorded is not answered.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const audited = this.reflector.get<AuditedRead | undefined>(AUDITED, context.getHandler());
    if (!audited) return next.handle();
    const request = requestOf(context) as Request & { user?: AuthUser };
    const staff = staffReader(request.user);
    if (!staff) return next.handle();
    return next.handle().pipe(
      mergeMap((answer: unknown) =>
        from(
          this.audit.record(staff, request.ip ?? null, { action: audited.action, recordKind: audited.recordKind, recordIds: idsOf(answer) }).then(() => answer),
        ),
      ),
    );
  }
}
