import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../auth/index.js';
import { Book } from '../content/index.js';
import { AuditModule } from '../audit/index.js';
import type { MailingChoicesModule } from '../common/mailing-choices.js';
import { MailModule } from '../mail/index.js';
import { SiteModule } from '../site/index.js';
import { GiftAidClaim, GiftAidClaimRow } from './gift-aid/claim.entity.js';
import { GiftAidClaimResolver } from './gift-aid/claim.resolver.js';
import { GiftAidClaimDraftService } from './gift-aid/claim-draft.service.js';
import { GiftAidClaimReader } from './gift-aid/claim-reader.service.js';
import { GiftAidClaimService } from './gift-aid/claim.service.js';
import { GiftAidDeclaration } from './gift-aid/declaration.entity.js';
import { GiftAidDeclarationRecords } from './gift-aid/declaration-records.service.js';
import { GiftAidDeclarationService } from './gift-aid/declaration.service.js';
import { GivingStatementService } from './gift-aid/giving-statement.service.js';
import { GiftAidStatusService } from './gift-aid/gift-aid-status.service.js';
import { GiftAidDeclarationResolver } from './gift-aid/gift-aid.resolver.js';
import { GiftAidScheduleController } from './gift-aid/schedule.controller.js';
import { DonationRefund } from './donations/donation-refund.entity.js';
import { DonationRefundService } from './donations/donation-refund.service.js';
import { Donation } from './donations/donation.entity.js';
import { DonationResolver } from './donations/donation.resolver.js';
import { DonationService } from './donations/donation.service.js';
import { BookOrder } from './orders/book-order.entity.js';
import { BookOrderResolver } from './orders/book-order.resolver.js';
import { BookOrderService } from './orders/book-order.service.js';
import { CommercePersonalData } from './commerce.personal-data.js';
import { PaymentSettingsResolver } from './payment-settings.resolver.js';
import { PaymentRefundsService } from './payments/payment-refunds.service.js';
import { PaymentsService } from './payments/payments.service.js';
import { TicketPayment } from './tickets/ticket-payment.entity.js';
import { BillingPlan, RegularDonation } from './regular-donations/regular-donation.entity.js';
import { RegularDonationResolver } from './regular-donations/regular-donation.resolver.js';
import { BillingPlanService } from './regular-donations/billing-plan.service.js';
import { RegularDonationReader } from './regular-donations/regular-donation-reader.service.js';
import { RegularDonationSync } from './regular-donations/regular-donation-sync.service.js';
import { RegularDonationService } from './regular-donations/regular-donation.service.js';
import { PAYMENT_GATEWAY } from './paypal/payment-gateway.js';
import { PayPalClient, type PayPalClientOptions } from './paypal/paypal.client.js';
import { PayPalWebhookController } from './webhooks/paypal-webhook.controller.js';
import { PayPalWebhookService } from './webhooks/paypal-webhook.service.js';
import { WebhookEventRecord } from './webhooks/webhook-event.entity.js';

/**
 * Book orders, donations and monthly gifts paid through PayPal, PayPal's webhooks, and Gift Aid on the gifts. Which PayPal (the real one, or a
 * stand-in speaking its API) is the caller's choice, given as the client's settings. `mailingChoices` provides
 * `MAILING_CHOICES` for a gift's boxes: mailing is above commerce, so the composition root passes its module in.
 */
@Module({})
export class CommerceModule {
  static forRoot(paypal: PayPalClientOptions, mailingChoices: MailingChoicesModule): DynamicModule {
    return {
      module: CommerceModule,
      imports: [
        TypeOrmModule.forFeature([
          TicketPayment,
          BookOrder,
          Donation,
          RegularDonation,
          BillingPlan,
          WebhookEventRecord,
          Book,
          User,
          GiftAidDeclaration,
          GiftAidClaim,
          GiftAidClaimRow,
          DonationRefund,
        ]),
        MailModule,
        SiteModule,
        AuditModule,
        mailingChoices,
      ],
      controllers: [PayPalWebhookController, GiftAidScheduleController],
      providers: [
        { provide: PAYMENT_GATEWAY, useValue: new PayPalClient(paypal) },
        PaymentsService,
        PaymentRefundsService,
        BookOrderService,
        DonationService,
        DonationRefundService,
        RegularDonationService,
        RegularDonationReader,
        RegularDonationSync,
        BillingPlanService,
        PayPalWebhookService,
        GiftAidStatusService,
        GiftAidDeclarationService,
        GiftAidDeclarationRecords,
        GiftAidClaimService,
        GiftAidClaimDraftService,
        GiftAidClaimReader,
        GivingStatementService,
        BookOrderResolver,
        DonationResolver,
        RegularDonationResolver,
        PaymentSettingsResolver,
        GiftAidDeclarationResolver,
        GiftAidClaimResolver,
        CommercePersonalData,
      ],
      exports: [PaymentsService, PaymentRefundsService, BookOrderService, DonationService, RegularDonationService, GiftAidDeclarationService, GiftAidClaimService],
    };
  }
}
