import { type DynamicModule, Module } from '@nestjs/common';
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
 * People's rights over their data: export, erasure, the retention schedule and its daily job. `commerce` is the
 * application's own CommerceModule (erasure first stops the member's monthly gifts at PayPal).
 */
@Module({})
export class PrivacyModule {
  static forRoot(commerce: DynamicModule): DynamicModule {
    return {
      module: PrivacyModule,
      imports: [DiscoveryModule, AuditModule, MailModule, SiteModule, commerce],
      controllers: [PrivacyController],
      providers: [PersonalDataSources, PrivacyService, RetentionService, PrivacyResolver],
    };
  }
}
