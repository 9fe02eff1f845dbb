import { DynamicModule, Inject, MiddlewareConsumer, Module, NestModule, Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import express from 'express';
import { User } from '../auth/entities/user.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Book } from '../content/books/book.entity.js';
import { MailModule } from '../mail/mail.module.js';
import { Donation } from './donations/donation.entity.js';
import { DonationResolver } from './donations/donation.resolver.js';
import { DonationService } from './donations/donation.service.js';
import { BookOrder } from './orders/book-order.entity.js';
import { BookOrderResolver } from './orders/book-order.resolver.js';
import { BookOrderService } from './orders/book-order.service.js';
import { PaymentSettingsResolver } from './payment-settings.resolver.js';
import { PaymentsService } from './payments/payments.service.js';
import { PayPalEmulatorController } from './paypal-emulator/emulator.controller.js';
import { EMULATOR_CLIENT_ID, EMULATOR_PATH, EMULATOR_WEBHOOK_ID, PayPalEmulator } from './paypal-emulator/emulator.service.js';
import { OwnOrigin } from './paypal/own-origin.js';
import { PAYMENT_GATEWAY } from './paypal/payment-gateway.js';
import { PayPalClient } from './paypal/paypal.client.js';
import { PayPalWebhookController } from './webhooks/paypal-webhook.controller.js';
import { PayPalWebhookService } from './webhooks/paypal-webhook.service.js';
import { WebhookEventRecord } from './webhooks/webhook-event.entity.js';

/** With PayPal credentials, the client talks to PayPal; without, to the emulator mounted in this app. */
function gatewayProvider(emulated: boolean): Provider {
  if (!emulated) {
    return {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new PayPalClient({
          baseUrl: () => config.paypal.apiBase,
          clientId: config.paypal.clientId!,
          clientSecret: config.paypal.clientSecret!,
          webhookId: config.paypal.webhookId,
          timeoutMs: config.paypal.timeoutMs,
          testPayments: false,
          publicClientId: config.paypal.clientId,
        }),
    };
  }
  return {
    provide: PAYMENT_GATEWAY,
    inject: [APP_CONFIG, OwnOrigin, PayPalEmulator],
    useFactory: (config: AppConfig, origin: OwnOrigin, emulator: PayPalEmulator) =>
      new PayPalClient({
        baseUrl: () => `${origin.get()}${EMULATOR_PATH}`,
        clientId: EMULATOR_CLIENT_ID,
        clientSecret: emulator.clientSecret,
        webhookId: EMULATOR_WEBHOOK_ID,
        timeoutMs: config.paypal.timeoutMs,
        testPayments: true,
      }),
  };
}

/** Book orders and donations paid through PayPal (or its built-in emulator), and PayPal's webhooks. */
@Module({})
export class CommerceModule implements NestModule {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  static forRoot(config: AppConfig): DynamicModule {
    const emulated = !config.paypal.clientId;
    return {
      module: CommerceModule,
      imports: [TypeOrmModule.forFeature([BookOrder, Donation, WebhookEventRecord, Book, User]), MailModule],
      controllers: [PayPalWebhookController, ...(emulated ? [PayPalEmulatorController] : [])],
      providers: [
        OwnOrigin,
        ...(emulated ? [PayPalEmulator] : []),
        gatewayProvider(emulated),
        PaymentsService,
        BookOrderService,
        DonationService,
        PayPalWebhookService,
        BookOrderResolver,
        DonationResolver,
        PaymentSettingsResolver,
      ],
      exports: [BookOrderService, DonationService],
    };
  }

  /** The emulator reads JSON (PayPal's API) and forms (OAuth, the approval page); the app parses only /api and /graphql. */
  configure(consumer: MiddlewareConsumer) {
    if (this.config.paypal.clientId) return;
    consumer.apply(express.json({ limit: '100kb' }), express.urlencoded({ extended: false, limit: '100kb' })).forRoutes(PayPalEmulatorController);
  }
}
