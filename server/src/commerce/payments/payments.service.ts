import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, FindOptionsWhere } from 'typeorm';
import { User } from '../../auth/index.js';
import { AppError } from '../../common/app-error.js';
import { requireOwner } from '../../access/ownership.js';
import type { AuthUser } from '../../access/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailService } from '../../mail/index.js';
import { PAYMENT_GATEWAY, type PaymentGateway, PayPalError, PayPalUnavailableError } from '../paypal/payment-gateway.js';
import { approveLink, CreateOrderRequest, PurchaseUnitRequest } from '../paypal/paypal.types.js';
import { Expected, judge } from './judge.js';
import { lockRecord } from './lock-record.js';
import { PaymentRecord } from './payment-record.js';
import { PaymentOutcome } from './payment-result.js';
import type { PaymentKind, Settlement } from './payment-kind.js';
import { applyStep, describeSettlement, type Step } from './settlement.js';

/** Starting checkouts is limited per address: each one creates an order at PayPal. */
export const CHECKOUTS_PER_ADDRESS = { limit: 60, windowSeconds: 10 * 60 };

const UNAVAILABLE = 'We could not confirm the payment with PayPal just now. You will not be charged twice; please try again in a moment.';

/**
 * The payment steps book orders and donations share: start a PayPal checkout for a stored record, capture it
 * once, and settle it from PayPal's own view (after a capture or a webhook); refunds are `PaymentRefundsService`'s.
 * Every change to a record happens under its row lock, so concurrent captures and webhooks see one another's
 * result; captures carry a PayPal-Request-Id stable per attempt, so a retried call can never charge twice.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  /** What a feature does once one of its records is newly paid, however the payment was learnt of (capture or webhook). */
  private readonly paidListeners = new Map<string, (record: PaymentRecord) => Promise<void>>();
  /** What a feature does each time PayPal reports one of its records refunded in full (idempotent: events repeat). */
  private readonly refundedListeners = new Map<string, (record: PaymentRecord) => Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /** Lets the feature behind a kind act on each payment once it is newly paid, after the record is stored. */
  whenPaid<T extends PaymentRecord>(kind: PaymentKind<T>, listener: (record: T) => Promise<void>) {
    this.paidListeners.set(kind.name, listener as (record: PaymentRecord) => Promise<void>);
  }

  /**
   * Lets the feature behind a kind act on a payment PayPal reports refunded in full, after the record is stored: each
   * time it is reported, so a try that failed is made again with the event's retry (a refund this app made included).
   */
  whenRefundedAtPayPal<T extends PaymentRecord>(kind: PaymentKind<T>, listener: (record: T) => Promise<void>) {
    this.refundedListeners.set(kind.name, listener as (record: PaymentRecord) => Promise<void>);
  }

  customId<T extends PaymentRecord>(kind: PaymentKind<T>, record: T): string {
    return `${kind.name}-${record.id}`;
  }

  private expected<T extends PaymentRecord>(kind: PaymentKind<T>, record: T): Expected {
    return { customId: this.customId(kind, record), amountMinor: record.amountMinor, currency: record.currency };
  }

  /**
   * Creates the PayPal order for a record already stored as Created, and keeps its id and approve link. When
   * PayPal refuses or cannot be reached, the record is marked Failed and the caller gets a clear error.
   */
  async startCheckout<T extends PaymentRecord>(kind: PaymentKind<T>, record: T, unit: Omit<PurchaseUnitRequest, 'custom_id' | 'reference_id'>): Promise<T> {
    const customId = this.customId(kind, record);
    const request: CreateOrderRequest = {
      intent: 'CAPTURE',
      purchase_units: [{ ...unit, reference_id: customId, custom_id: customId }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `${this.config.publicUrl}${kind.returnPath}`,
            cancel_url: `${this.config.publicUrl}${kind.cancelPath}`,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    };
    const repository = this.dataSource.getRepository(kind.entity);
    try {
      const order = await this.gateway.createOrder(request, `${customId}-create`);
      const link = approveLink(order);
      if (!link) throw new PayPalUnavailableError('create order', `order ${order.id} came back without an approve link`);
      record.paypalOrderId = order.id;
      record.approveUrl = link;
      return await repository.save(record);
    } catch (error) {
      if (!(error instanceof PayPalError || error instanceof PayPalUnavailableError)) throw error;
      this.logger.error(`${customId}: ${error.message}`);
      record.status = 'Failed';
      record.failureMessage = 'PayPal could not start the payment';
      await repository.save(record);
      throw new AppError('BAD_GATEWAY', 'We could not start the PayPal payment. Nothing was charged; please try again in a moment.');
    }
  }

  /**
   * Captures the payment of the record PayPal knows as `paypalOrderId`. With `caller`, only its owner may.
   * Idempotent: a settled record answers its stored outcome, and concurrent calls wait on the row lock.
   */
  async capture<T extends PaymentRecord>(kind: PaymentKind<T>, paypalOrderId: string, caller?: AuthUser): Promise<Settlement<T>> {
    const found = await this.dataSource.getRepository(kind.entity).findOneBy({ paypalOrderId } as FindOptionsWhere<T>);
    if (!found) throw AppError.notFound(`The ${kind.label}`);
    if (caller) requireOwner(caller, found, (record) => record.userId, `The ${kind.label}`);
    return this.settle(kind, found.id, async (record) => {
      if (record.status !== 'Created') return undefined;
      if (record.captureStatus === 'PENDING') return judge(await this.gateway.getOrder(paypalOrderId), this.expected(kind, record));
      return this.captureAtPayPal(kind, record);
    });
  }

  /** Brings a record in line with PayPal's view of its order (after a webhook), without capturing. */
  reconcile<T extends PaymentRecord>(kind: PaymentKind<T>, id: number): Promise<Settlement<T>> {
    return this.settle(kind, id, async (record) => {
      if (!record.paypalOrderId) return undefined;
      return judge(await this.gateway.getOrder(record.paypalOrderId), this.expected(kind, record));
    });
  }

  /** Locks the record, lets `decide` consult PayPal, applies the verdict, and sends a receipt once paid. */
  private async settle<T extends PaymentRecord>(kind: PaymentKind<T>, id: number, decide: (record: T) => Promise<Step | undefined>): Promise<Settlement<T>> {
    let newlyPaid = false;
    let reportedRefunded = false;
    let unavailable = false;
    const record = await this.dataSource.transaction(async (manager) => {
      const locked = await lockRecord(manager, kind, id);
      let step: Step | undefined;
      try {
        step = await decide(locked);
      } catch (error) {
        if (!(error instanceof PayPalUnavailableError || error instanceof PayPalError)) throw error;
        this.logger.error(`${this.customId(kind, locked)}: ${error.message}`);
        step = { kind: 'unavailable' };
      }
      if (!step) return locked;
      if (kind.refundsRecordedApart && (step.kind === 'refunded' || step.kind === 'partially-refunded')) {
        // Its refunds are recorded one by one elsewhere; a capture still pending here was paid before it was refunded.
        if (locked.status !== 'Created') return locked;
        step = { kind: 'paid', captureId: step.captureId };
      }
      if (step.kind === 'unavailable') {
        unavailable = true;
        return locked;
      }
      if (step.kind === 'mismatch') this.logger.error(`${this.customId(kind, locked)}: ${step.detail}; not recorded as paid`);
      newlyPaid = applyStep(locked, step);
      reportedRefunded = step.kind === 'refunded' && locked.status === 'Refunded';
      if (step.kind === 'paid' && step.exchangeRate && locked.status === 'Paid') kind.converted?.(locked, step.exchangeRate);
      return manager.save(locked);
    });
    if (newlyPaid) await this.afterPaid(kind, record);
    if (reportedRefunded) await this.refundedListeners.get(kind.name)?.(record);
    if (unavailable) return { outcome: PaymentOutcome.FAILED, message: UNAVAILABLE, record, approveUrl: null, unavailable };
    return describeSettlement(kind, record);
  }

  /** One capture call; PayPal's expected refusals become steps, never exceptions. */
  private async captureAtPayPal<T extends PaymentRecord>(kind: PaymentKind<T>, record: T): Promise<Step> {
    const orderId = record.paypalOrderId!;
    const requestId = `${this.customId(kind, record)}-capture-${record.captureAttempt}`;
    try {
      return judge(await this.gateway.captureOrder(orderId, requestId), this.expected(kind, record));
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      switch (error.issue) {
        case 'ORDER_ALREADY_CAPTURED':
          // Captured before (an answer lost on the way): PayPal's order says how it went.
          return judge(await this.gateway.getOrder(orderId), this.expected(kind, record));
        case 'INSTRUMENT_DECLINED':
          return { kind: 'declined', message: 'PayPal declined the payment method. Please approve the payment again with another card or account.' };
        case 'ORDER_NOT_APPROVED':
        case 'PAYER_ACTION_REQUIRED':
          return { kind: 'declined', message: 'The payment has not been approved at PayPal yet. Please approve it and try again.' };
        case 'INVALID_RESOURCE_ID':
          return { kind: 'expired' };
        default:
          this.logger.warn(`${requestId}: ${error.message}`);
          return { kind: 'declined', message: 'PayPal could not take this payment. Please approve it again or choose another way to pay.' };
      }
    }
  }

  private async afterPaid<T extends PaymentRecord>(kind: PaymentKind<T>, record: T) {
    await this.paidListeners.get(kind.name)?.(record);
    if (kind.receipt) await this.sendReceipt(kind, kind.receipt, record);
  }

  private async sendReceipt<T extends PaymentRecord>(kind: PaymentKind<T>, receipt: NonNullable<PaymentKind<T>['receipt']>, record: T) {
    try {
      const user = record.userId ? await this.dataSource.getRepository(User).findOneBy({ id: record.userId }) : null;
      if (user) await this.mail.queue(receipt(record, user));
    } catch (error) {
      this.logger.error(`${this.customId(kind, record)}: receipt not queued: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
