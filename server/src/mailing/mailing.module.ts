import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/index.js';
import { MAILING_CHOICES } from '../common/mailing-choices.js';
import { MailModule } from '../mail/index.js';
import { MediaModule } from '../media/index.js';
import { SiteModule } from '../site/index.js';
import { BroadcastSender } from './broadcasts/broadcast-sender.service.js';
import { Broadcast } from './broadcasts/broadcast.entity.js';
import { BroadcastsResolver, NewslettersResolver } from './broadcasts/broadcasts.resolver.js';
import { BroadcastsService } from './broadcasts/broadcasts.service.js';
import { LettersService } from './broadcasts/letters.service.js';
import { NewslettersService } from './broadcasts/newsletters.service.js';
import { SendingHealthResolver } from './health/sending-health.resolver.js';
import { SendingHealthService } from './health/sending-health.service.js';
import { DeliveryReportsService } from './inbound/delivery-reports.service.js';
import { InboundSmtpService } from './inbound/inbound-smtp.service.js';
import { InboundController } from './inbound/inbound.controller.js';
import { ConsentResolver } from './lists/consent.resolver.js';
import { MailingList } from './lists/mailing-list.entity.js';
import { MailingListsResolver } from './lists/mailing-lists.resolver.js';
import { MailingChoicesService } from './lists/mailing-choices.service.js';
import { PreferencesService } from './lists/preferences.service.js';
import { StaffConsentService } from './lists/staff-consent.service.js';
import { SubscriptionsService } from './lists/subscriptions.service.js';
import { UnsubscribeController } from './lists/unsubscribe.controller.js';
import { MailingPersonalData } from './mailing.personal-data.js';

/**
 * E-mail to people who asked for it: lists and the consent ledger, broadcasts and their sending, bounces and complaints.
 * Exports `MAILING_CHOICES` only: the composition root passes this module to the features below it whose forms
 * (registration, a gift, a booking) record their boxes through it.
 */
@Module({
  imports: [MailModule, AuditModule, MediaModule, SiteModule, TypeOrmModule.forFeature([MailingList, Broadcast])],
  providers: [
    SubscriptionsService,
    MailingChoicesService,
    PreferencesService,
    StaffConsentService,
    MailingListsResolver,
    ConsentResolver,
    LettersService,
    BroadcastSender,
    BroadcastsService,
    BroadcastsResolver,
    NewslettersService,
    NewslettersResolver,
    MailingPersonalData,
    DeliveryReportsService,
    InboundSmtpService,
    SendingHealthService,
    SendingHealthResolver,
    { provide: MAILING_CHOICES, useExisting: MailingChoicesService },
  ],
  controllers: [UnsubscribeController, InboundController],
  exports: [MAILING_CHOICES],
})
export class MailingModule {}
