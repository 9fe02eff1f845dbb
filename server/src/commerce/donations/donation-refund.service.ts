import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type DataLoader from 'dataloader';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AuditService } from '../../audit/index.js';
import { AppError } from '../../common/app-error.js';
import { LoaderFactory } from '../../common/loaders.js';
import { holdOffClaims } from '../gift-aid/refund-accounting.js';
import { decimalToMinor, formatMoney, toPayPalValue } from '../money.js';
import { PAYMENT_GATEWAY, type PaymentGateway, PayPalError, PayPalUnavailableError } from '../paypal/payment-gateway.js';
import { DonationRefund, DonationRefundKind } from './donation-refund.entity.js';
import { Donation, DonationStatus } from './donation.entity.js';
import { captureRefund, type PayPalRefund, readRefundAtPayPal, saleRefund } from './paypal-refund.js';

declare module '../../common/loaders.js' {
  interface Loaders {
    donationRefunds: DataLoader<number, DonationRefund[]>;
  }
}

/** PayPal's events about a refund or reversal of a payment; each carries the refund's (or reversal's) id. */
export const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED', 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED']);

/** Capture statuses a one-off gift can still be refunded from. */
const REFUNDABLE = ['COMPLETED', 'PARTIALLY_REFUNDED'];

/**
 * Refunds of donations, to the penny: part or all of a gift refunded by staff through PayPal, and refunds and
 * chargebacks PayPal reports by webhook. Each is recorded once by PayPal's id, under the donation's row lock, with the
 * donation's refunded amount kept in the same transaction, so two refunds at once never take back more than the gift.
 */
@Injectable()
export class DonationRefundService implements OnModuleInit {
  private readonly logger = new Logger('DonationRefunds');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly audit: AuditService,
    private readonly loaders: LoaderFactory,
  ) {}

  onModuleInit() {
    this.loaders.register('donationRefunds', async (ids) => {
      const refunds = await this.dataSource
        .getRepository(DonationRefund)
        .createQueryBuilder('refund')
        .where('refund.donationId IN (:...ids)', { ids })
        .orderBy('refund.refundedAt', 'ASC')
        .addOrderBy('refund.id', 'ASC')
        .getMany();
      return ids.map((id) => refunds.filter((refund) => refund.donationId === id));
    });
  }

  /**
   * Staff refund `amount` of a gift through PayPal, or all that is left of it without; on the audit trail. With an
   * idempotency key (the console's, one per refund asked for), a request sent again reaches PayPal with the same
   * PayPal-Request-Id, which answers the refund it made, already recorded: nothing is refunded twice.
   */
  async refund(caller: AuthUser | null, address: string | null, id: number, amount?: number | null, key?: string): Promise<Donation> {
    const asked = amount === undefined || amount === null ? undefined : refundAmount(amount);
    return this.dataSource.transaction(async (manager) => {
      await holdOffClaims(manager);
      const donation = await lock(manager, id);
      const remaining = donation.amountMinor - donation.refundedAmountMinor;
      // Refunding what was refunded in full changes nothing, as it always has.
      if (remaining === 0 && asked === undefined && donation.status === DonationStatus.Refunded) return donation;
      if (asked !== undefined && asked > remaining) {
        throw AppError.badInput('amount', `amount must be at most ${toPayPalValue(remaining)}, what is left of this gift of ${formatMoney(donation.amountMinor, donation.currency)}`);
      }
      if (!donation.captureId || donation.status !== DonationStatus.Paid || (!donation.regularDonationId && !REFUNDABLE.includes(donation.captureStatus ?? ''))) {
        throw new AppError('CONFLICT', `Only a completed payment can be refunded; this donation is ${donation.status}`);
      }
      const minor = asked ?? remaining;
      const refund = await this.refundAtPayPal(donation, minor, key);
      if (await manager.existsBy(DonationRefund, { paypalId: refund.paypalId })) return donation;
      // What PayPal says it refunded is what was refunded.
      const taken = refund.amountMinor ?? minor;
      const recorded = await this.apply(manager, donation, { ...refund, amountMinor: taken });
      await this.audit.record(
        caller,
        address,
        { action: 'donation.refund', recordKind: 'Donation', recordIds: [String(id)], detail: `refunded ${formatMoney(taken, donation.currency)} (PayPal ${refund.paypalId})` },
        manager,
      );
      return recorded;
    });
  }

  /**
   * Records the refund or reversal a PayPal event reports, as PayPal answers it when asked (never from the event's
   * body). Answers false when it is about no donation of ours (a book order's, say). Throws while PayPal cannot be
   * asked, so the event's job is retried.
   */
  async recordFromPayPal(eventType: string, refundId: string | undefined): Promise<boolean> {
    if (!refundId) return false;
    let refund: PayPalRefund;
    try {
      refund = await readRefundAtPayPal(this.gateway, eventType, refundId);
    } catch (error) {
      if (error instanceof PayPalError && error.status === 404) {
        this.logger.warn(`${eventType} ${refundId}: PayPal knows no such refund`);
        return false;
      }
      throw error;
    }
    if (!refund.paymentId) return false;
    return this.dataSource.transaction(async (manager) => {
      await holdOffClaims(manager);
      const found = await manager.getRepository(Donation).findOneBy({ captureId: refund.paymentId });
      if (!found || Boolean(found.regularDonationId) !== refund.monthly) return false;
      const donation = await lock(manager, found.id);
      if (!refund.completed) {
        this.logger.log(`donation-${donation.id}: PayPal's ${refund.kind.toLowerCase()} ${refund.paypalId} has not completed; nothing recorded`);
        return true;
      }
      if (refund.currency !== donation.currency || !refund.amountMinor) {
        this.logger.error(`donation-${donation.id}: PayPal's ${refund.kind.toLowerCase()} ${refund.paypalId} is not an amount in ${donation.currency}; not recorded`);
        return true;
      }
      await this.apply(manager, donation, { ...refund, amountMinor: refund.amountMinor });
      return true;
    });
  }

  /** Stores a refund once, by PayPal's id, and brings the locked donation's refunded amount and status with it. */
  private async apply(manager: EntityManager, donation: Donation, refund: Omit<PayPalRefund, 'amountMinor'> & { amountMinor: number }): Promise<Donation> {
    if (await manager.existsBy(DonationRefund, { paypalId: refund.paypalId })) return donation;
    const remaining = donation.amountMinor - donation.refundedAmountMinor;
    // PayPal never takes back more than was paid; a refund we kept before PayPal's ids were kept may be this one.
    const amountMinor = Math.min(refund.amountMinor, remaining);
    if (amountMinor <= 0) {
      this.logger.warn(`donation-${donation.id}: ${refund.kind.toLowerCase()} ${refund.paypalId} finds nothing left to refund; not recorded`);
      return donation;
    }
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(DonationRefund)
      .values({
        donationId: donation.id,
        paypalId: refund.paypalId,
        kind: refund.kind,
        amountMinor,
        sterlingMinor: sterlingShare(donation, amountMinor),
        refundedAt: refund.refundedAt,
      })
      .orIgnore()
      .execute();
    if (!(inserted.raw as unknown[]).length) return donation;
    donation.refundedAmountMinor += amountMinor;
    const whole = donation.refundedAmountMinor === donation.amountMinor;
    donation.captureStatus = refund.kind === DonationRefundKind.Reversal ? 'REVERSED' : whole ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    if (whole) {
      donation.status = DonationStatus.Refunded;
      donation.refundedAt = new Date();
    }
    return manager.save(donation);
  }

  /**
   * One refund call. The PayPal-Request-Id is the caller's key, else stable for this gift's state and amount, so a
   * retry never refunds twice.
   */
  private async refundAtPayPal(donation: Donation, minor: number, key?: string): Promise<PayPalRefund> {
    const requestId = key
      ? `donation-${donation.id}-refund-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`
      : `donation-${donation.id}-refund-${donation.refundedAmountMinor}-${minor}`;
    const amount = { currency_code: donation.currency, value: toPayPalValue(minor) };
    let refund: PayPalRefund;
    try {
      refund = donation.regularDonationId
        ? saleRefund(await this.gateway.refundSale(donation.captureId!, amount, requestId), DonationRefundKind.Refund)
        : captureRefund(await this.gateway.refundCapture(donation.captureId!, requestId, amount), DonationRefundKind.Refund);
    } catch (error) {
      if (error instanceof PayPalUnavailableError) {
        this.logger.error(`donation-${donation.id} refund: ${error.message}`);
        throw new AppError('BAD_GATEWAY', 'PayPal did not answer. Nothing was refunded twice; please try again in a moment.');
      }
      if (error instanceof PayPalError) {
        this.logger.error(`donation-${donation.id} refund: ${error.message}`);
        throw new AppError('CONFLICT', `PayPal refused the refund (${error.issue ?? error.status})`);
      }
      throw error;
    }
    if (!refund.completed) {
      throw new AppError('CONFLICT', 'PayPal has accepted the refund but has not completed it; the donation will show it when PayPal completes it');
    }
    return refund;
  }
}

function lock(manager: EntityManager, id: number): Promise<Donation> {
  return manager
    .getRepository(Donation)
    .createQueryBuilder('donation')
    .setLock('pessimistic_write')
    .where('donation.id = :id', { id })
    .getOne()
    .then((donation) => {
      if (!donation) throw AppError.notFound('The donation');
      return donation;
    });
}

/** The amount to refund as minor units, or a clear 400 naming `amount`. */
function refundAmount(amount: number): number {
  const minor = decimalToMinor(amount);
  if (minor === undefined) throw AppError.badInput('amount', 'amount must have at most two decimals');
  if (minor <= 0) throw AppError.badInput('amount', 'amount must be more than 0');
  return minor;
}

/**
 * The pounds a refund took back: itself for GBP; for USD its share of the gift's sterling amount (null while unknown),
 * as the share of all refunded so far less the share before it, so refunds in parts add up to the gift's pounds at most.
 */
function sterlingShare(donation: Donation, amountMinor: number): number | null {
  if (donation.currency === 'GBP') return amountMinor;
  if (donation.sterlingAmountMinor === null) return null;
  const share = (refundedMinor: number) => Math.round((refundedMinor * donation.sterlingAmountMinor!) / donation.amountMinor);
  return share(donation.refundedAmountMinor + amountMinor) - share(donation.refundedAmountMinor);
}
