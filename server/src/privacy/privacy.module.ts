import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuditModule } from '../audit/index.js';
import { MailModule } from '../mail/index.js';
import { SiteModule } from '../site/index.js';
import { PersonalDataSources } from './personal-data-sources.js';
import { PrivacyController } from './privacy.controller.js';
import { PrivacyResolver } from './privacy.resolver.js';
import { PrivacyService } from './privacy.service.js';
import { RetentionService } from './retention.service.js';

/**
 * People's rights over their data: export, erasure, the retention schedule and its daily job, run over the
 * personal data sources every feature registers for its own tables (found by `DiscoveryModule`).
 */
@Module({
  imports: [DiscoveryModule, AuditModule, MailModule, SiteModule],
  controllers: [PrivacyController],
  providers: [PersonalDataSources, PrivacyService, RetentionService, PrivacyResolver],
})
export class PrivacyModule {}
