import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { IncomingHttpHeaders } from 'node:http';
import { DataSource, Repository } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { JobQueue } from '../../database/job-queue.js';
import { DonationRefundService, REFUND_EVENTS } from '../donations/donation-refund.service.js';
import { DONATIONS } from '../donations/donation.service.js';
import { BOOK_ORDERS } from '../orders/book-order.service.js';
import { TICKET_PAYMENTS } from '../tickets/ticket-payments.js';
import { PAYMENT_GATEWAY, type PaymentGateway, PayPalError, PayPalUnavailableError } from '../paypal/payment-gateway.js';
import { Sale, Subscription, WEBHOOK_HEADER_NAMES, WebhookEvent, WebhookHeaders } from '../paypal/paypal.types.js';
import { PaymentRecord } from '../payments/payment-record.js';
import type { PaymentKind, Settlement } from '../payments/payment-kind.js';
import { PaymentsService } from '../payments/payments.service.js';
import { RegularDonationService } from '../regular-donations/regular-donation.service.js';
import { WebhookEventRecord } from './webhook-event.entity.js';

const WEBHOOK_QUEUE = 'paypal-webhook';

/** Events that report a capture's fate; the record is settled from PayPal's order, never from the event. */
const CAPTURE_EVENTS = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
]);

interface EventResource {
  id?: string;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
  links?: { rel?: string; href?: string }[];
}

type Target = { kind: PaymentKind<PaymentRecord>; record: PaymentRecord };

/**
 * The refund or reversal an event is about: the one its `self` link names. In PayPal's PAYMENT.SALE.REVERSED sample
 * the resource's own id is not the reversal's (only the link to `/v1/payments/refund/{id}` is); elsewhere they agree.
 */
const refundIdOf = (resource: EventResource | undefined): string | undefined =>
  resource?.links?.find((link) => link.rel === 'self')?.href?.match(/\/payments\/refunds?\/([A-Za-z0-9]+)$/)?.[1] ?? resource?.id;

const KINDS = [BOOK_ORDERS, DONATIONS, TICKET_PAYMENTS] as unknown as PaymentKind<PaymentRecord>[];

/**
 * PayPal webhooks: each event is verified through PayPal's verify endpoint (with the exact bytes received),
 * stored by id so a replay is ignored, and settled by a durable background job that re-reads the order (or the
 * monthly gift's subscription, or the refund) from PayPal. This is how a payment whose buyer never came back (or that was pending) gets recorded.
 */
@Injectable()
export class PayPalWebhookService implements OnApplicationBootstrap {
  private readonly logger = new Logger('PayPalWebhooks');

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(WebhookEventRecord) private readonly events: Repository<WebhookEventRecord>,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly payments: PaymentsService,
    private readonly regularGifts: RegularDonationService,
    private readonly refunds: DonationRefundService,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.work<{ eventId: string }>(WEBHOOK_QUEUE, ({ eventId }) => this.process(eventId));
  }

  /** Verifies and stores an event; answers whether it was new. Throws 400/401 for anything not from PayPal. */
  async receive(headers: IncomingHttpHeaders, rawBody: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!rawBody) throw AppError.badInput('body', 'The webhook body is missing');
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody) as WebhookEvent;
    } catch {
      throw AppError.badInput('body', 'The webhook body is not JSON');
    }
    if (typeof event?.id !== 'string' || !event.id || event.id.length > 64 || typeof event.event_type !== 'string' || event.event_type.length > 64) {
      throw AppError.badInput('body', 'The webhook body is not a PayPal event');
    }

    const signature: WebhookHeaders = {};
    for (const name of WEBHOOK_HEADER_NAMES) {
      const value = headers[name];
      if (typeof value === 'string') signature[name] = value;
    }
    let verified: boolean;
    try {
      verified = await this.gateway.verifyWebhookSignature(signature, rawBody);
    } catch (error) {
      if (!(error instanceof PayPalUnavailableError || error instanceof PayPalError)) throw error;
      this.logger.error(`event ${event.id} not verified: ${error.message}`);
      // A 5xx makes PayPal deliver the event again later.
      throw new AppError('BAD_GATEWAY', 'The signature could not be checked right now');
    }
    if (!verified) {
      this.logger.warn(`refused ${event.event_type} ${event.id}: the signature is not valid`);
      throw AppError.unauthenticated('The webhook signature is not valid');
    }

    const inserted: { id: string }[] = await this.dataSource.query(
      `INSERT INTO paypal_webhook_events (id, event_type, body) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.event_type, event],
    );
    if (inserted.length) {
      await this.jobs.send(WEBHOOK_QUEUE, { eventId: event.id }, { retryLimit: 10, retryDelay: 30, retryBackoff: true, singletonKey: event.id });
      return { received: true, duplicate: false };
    }
    // A replay. An event stored but never settled (a crash between storing and queueing) is queued again.
    const stored = await this.events.findOneBy({ id: event.id });
    if (stored && !stored.processedAt && stored.receivedAt.getTime() < Date.now() - 10 * 60_000) {
      await this.jobs.send(WEBHOOK_QUEUE, { eventId: event.id }, { retryLimit: 10, retryDelay: 30, retryBackoff: true, singletonKey: event.id });
    }
    return { received: true, duplicate: true };
  }

  /** The background job: settles the record an event is about, once. Throws to be retried later. */
  async process(eventId: string): Promise<void> {
    const stored = await this.events.findOneBy({ id: eventId });
    if (!stored || stored.processedAt) return;
    const event = stored.body as unknown as WebhookEvent<EventResource>;
    const settlement = await this.settle(event);
    if (settlement?.unavailable) throw new Error(`PayPal could not be asked about event ${eventId}`);
    await this.events.update({ id: eventId }, { processedAt: new Date() });
  }

  private async settle(event: WebhookEvent<EventResource>): Promise<Settlement<PaymentRecord> | undefined> {
    // A monthly gift's events: PayPal being unreachable throws, and the job is retried.
    if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
      await this.regularGifts.paymentReceived(event.resource as Sale);
      return undefined;
    }
    if (event.event_type.startsWith('BILLING.SUBSCRIPTION.')) {
      await this.regularGifts.subscriptionChanged(event.event_type, event.resource as Subscription);
      return undefined;
    }
    if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
      // The buyer approved but may never come back to the shop: capture now (idempotent with their return).
      const target = event.resource?.id ? await this.byOrderId(event.resource.id) : undefined;
      if (!target) return this.unknown(event);
      return this.payments.capture(target.kind, target.record.paypalOrderId!);
    }
    // A donation's refund or chargeback is recorded from PayPal's own view of it; a book order's is settled below.
    if (REFUND_EVENTS.has(event.event_type)) {
      // PayPal promises no order: a refund may come before its capture's completion, which is settled first.
      const refunded = event.event_type.startsWith('PAYMENT.CAPTURE.') ? await this.find(event.resource ?? {}) : undefined;
      if (refunded?.record.status === 'Created') {
        const settled = await this.payments.reconcile(refunded.kind, refunded.record.id);
        // PayPal's order told of the refund too: only a donation records its refunds apart.
        if (settled.unavailable || !refunded.kind.refundsRecordedApart) return settled;
      }
      if (await this.refunds.recordFromPayPal(event.event_type, refundIdOf(event.resource))) return undefined;
      if (event.event_type.startsWith('PAYMENT.SALE.')) return this.unknown(event);
    }
    if (!CAPTURE_EVENTS.has(event.event_type)) {
      this.logger.log(`ignored ${event.event_type} ${event.id}`);
      return undefined;
    }
    const target = await this.find(event.resource ?? {});
    if (!target) return this.unknown(event);
    return this.payments.reconcile(target.kind, target.record.id);
  }

  private unknown(event: Pick<WebhookEvent, 'id' | 'event_type'>): undefined {
    this.logger.warn(`${event.event_type} ${event.id} is about no order or donation of ours`);
    return undefined;
  }

  /** The record an event's resource is about: by PayPal order id, else by capture id (refunds link up to it). */
  private async find(resource: EventResource): Promise<Target | undefined> {
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    if (orderId) return this.byOrderId(orderId);
    const captureId =
      resource.supplementary_data?.related_ids?.capture_id ??
      resource.links?.find((link) => link.rel === 'up')?.href?.match(/\/captures\/([A-Z0-9]+)/)?.[1] ??
      resource.id;
    if (!captureId) return undefined;
    for (const kind of KINDS) {
      const record = await this.dataSource.getRepository(kind.entity).findOneBy({ captureId });
      if (record) return { kind, record };
    }
    return undefined;
  }

  private async byOrderId(paypalOrderId: string): Promise<Target | undefined> {
    for (const kind of KINDS) {
      const record = await this.dataSource.getRepository(kind.entity).findOneBy({ paypalOrderId });
      if (record) return { kind, record };
    }
    return undefined;
  }
}
