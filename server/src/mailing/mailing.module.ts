import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/index.js';
import { MailModule } from '../mail/index.js';
import { ConsentResolver } from './lists/consent.resolver.js';
import { MailingList } from './lists/mailing-list.entity.js';
import { MailingListsResolver } from './lists/mailing-lists.resolver.js';
import { SubscriptionsService } from './lists/subscriptions.service.js';
import { UnsubscribeController } from './lists/unsubscribe.controller.js';

/** E-mail to people who asked for it: lists and the consent ledger, broadcasts and their sending, bounces and complaints. */
@Module({
  imports: [MailModule, AuditModule, TypeOrmModule.forFeature([MailingList])],
  providers: [SubscriptionsService, MailingListsResolver, ConsentResolver],
  controllers: [UnsubscribeController],
  exports: [SubscriptionsService],
})
export class MailingModule {}
