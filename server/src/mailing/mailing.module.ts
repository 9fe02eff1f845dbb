import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { MailModule } from '../mail/index.js';

/** E-mail to people who asked for it: lists and the consent ledger, broadcasts and their sending, bounces and complaints. */
@Module({
  imports: [MailModule, AuditModule],
  providers: [],
  controllers: [],
})
export class MailingModule {}
