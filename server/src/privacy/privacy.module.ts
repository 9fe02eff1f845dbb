import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SiteModule } from '../site/site.module.js';
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
      imports: [AuditModule, MailModule, SiteModule, commerce],
      controllers: [PrivacyController],
      providers: [PrivacyService, RetentionService, PrivacyResolver],
    };
  }
}
