import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEvent } from './audit-event.entity.js';
import { AuditPersonalData } from './audit.personal-data.js';
import { AuditInterceptor } from './audit.interceptor.js';
import { AuditResolver } from './audit.resolver.js';
import { AuditService } from './audit.service.js';

/** The audit trail of staff reads of care records, exports, role changes and erasures. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEvent])],
  providers: [AuditService, AuditResolver, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }, AuditPersonalData],
  exports: [AuditService],
})
export class AuditModule {}
