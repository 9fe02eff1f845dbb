import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, FindOptionsWhere } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { fromPayPalValue } from '../money.js';
import { PAYMENT_GATEWAY, type PaymentGateway, PayPalError, PayPalUnavailableError } from '../paypal/payment-gateway.js';
import type { PaymentKind } from './payment-kind.js';
import { lockRecord } from './lock-record.js';
import { RefundablePaymentRecord } from './payment-record.js';
import { PaymentsService } from './payments.service.js';

/** What a refund returned, in minor units; `all` when PayPal had already returned the whole payment, or does not say. */
export type Refunded = number | 'all';

/** Capture statuses with money left to refund. */
const REFUNDABLE_CAPTURES = ['COMPLETED', 'PARTIALLY_REFUNDED'];

/**
 * Refunds of whole payments through PayPal, for every kind, under the record's row lock; a retried refund carries the
 * same PayPal-Request-Id, so it is never made twice.
 */
@Injectable()
export class PaymentRefundsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly payments: PaymentsService,
  ) {}

  /**
   * Refunds what is left of a completed payment through PayPal (all of it, or the rest after a part refund made in
   * PayPal itself), and answers how much this refund returned; refunding a refunded record changes nothing.
   */
  async refund<T extends RefundablePaymentRecord>(kind: PaymentKind<T>, id: number): Promise<{ record: T; refunded: Refunded }> {
    let refused = false;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const record = await lockRecord(manager, kind, id);
        if (record.status === 'Refunded') return { record, refunded: 'all' as const };
        if (!record.captureId || !REFUNDABLE_CAPTURES.includes(record.captureStatus ?? '')) {
          throw new AppError('CONFLICT', `Only a completed payment can be refunded; this ${kind.label} is ${record.status}`);
        }
        const requestId = `${this.payments.customId(kind, record)}-refund${record.refundAttempt > 1 ? `-${record.refundAttempt}` : ''}`;
        const answer = await this.refundAtPayPal(kind, record, record.captureId, requestId);
        if ('error' in answer) {
          refused = answer.refused;
          throw answer.error;
        }
        record.status = 'Refunded';
        record.captureStatus = 'REFUNDED';
        record.refundedAt = new Date();
        return { record: await manager.save(record), refunded: answer.refunded };
      });
    } catch (error) {
      // PayPal answers an id it has seen with that request's answer: after a refusal, the next try carries a new one.
      if (refused) await this.dataSource.getRepository(kind.entity).increment({ id } as FindOptionsWhere<T>, 'refundAttempt', 1);
      throw error;
    }
  }

  /**
   * Asks PayPal to refund what the capture still holds (no amount given): what it refunded, or the error to answer
   * with and whether PayPal refused, after which the next try needs a new request id.
   */
  private async refundAtPayPal<T extends RefundablePaymentRecord>(
    kind: PaymentKind<T>,
    record: T,
    captureId: string,
    requestId: string,
  ): Promise<{ refunded: Refunded } | { error: AppError; refused: boolean }> {
    try {
      const refund = await this.gateway.refundCapture(captureId, requestId);
      if (refund.status !== 'COMPLETED') {
        const error = new AppError('CONFLICT', `PayPal has accepted the refund but reports it ${refund.status}; the ${kind.label} will show Refunded when PayPal completes it`);
        return { error, refused: refund.status === 'FAILED' || refund.status === 'CANCELLED' };
      }
      const minor = refund.amount?.currency_code === record.currency ? fromPayPalValue(refund.amount.value) : undefined;
      return { refunded: minor ?? (record.captureStatus === 'COMPLETED' ? record.amountMinor : 'all') };
    } catch (error) {
      if (error instanceof PayPalUnavailableError) {
        this.logger.error(`${requestId}: ${error.message}`);
        return { error: new AppError('BAD_GATEWAY', 'PayPal did not answer. Nothing was refunded twice; please try again in a moment.'), refused: false };
      }
      if (!(error instanceof PayPalError)) throw error;
      if (error.issue === 'CAPTURE_FULLY_REFUNDED') return { refunded: 'all' };
      this.logger.error(`${requestId}: ${error.message}`);
      return { error: new AppError('CONFLICT', `PayPal refused the refund (${error.issue ?? error.status})`), refused: true };
    }
  }
}
