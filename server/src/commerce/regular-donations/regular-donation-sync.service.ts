import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { User } from '../../auth/index.js';
import { type MailMessage, MailService } from '../../mail/index.js';
import { PAYMENT_GATEWAY, type PaymentGateway, PayPalError, PayPalUnavailableError } from '../paypal/payment-gateway.js';
import type { SubscriptionStatus } from '../paypal/paypal.types.js';
import { RegularDonation, RegularDonationStatus } from './regular-donation.entity.js';

/** PayPal's subscription statuses as ours; APPROVED is a moment before ACTIVE, still waiting on PayPal. */
const STATUS_OF: Record<SubscriptionStatus, RegularDonationStatus> = {
  APPROVAL_PENDING: RegularDonationStatus.ApprovalPending,
  APPROVED: RegularDonationStatus.ApprovalPending,
  ACTIVE: RegularDonationStatus.Active,
  SUSPENDED: RegularDonationStatus.Suspended,
  CANCELLED: RegularDonationStatus.Cancelled,
  EXPIRED: RegularDonationStatus.Expired,
};

/** The statuses of a gift that has ended, for good. */
export const ENDED = [RegularDonationStatus.Cancelled, RegularDonationStatus.Expired];

/** The gift's row, locked until the transaction ends. */
export function lockGift(repository: Repository<RegularDonation>, id: number): Promise<RegularDonation> {
  return repository.createQueryBuilder('gift').setLock('pessimistic_write').where('gift.id = :id', { id }).getOneOrFail();
}

/** A regular gift kept in step with PayPal's subscription, and its member told what happened. */
@Injectable()
export class RegularDonationSync {
  private readonly logger = new Logger('RegularGiving');

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(RegularDonation) private readonly gifts: Repository<RegularDonation>,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly mail: MailService,
  ) {}

  /** Reads the subscription from PayPal and applies it to the gift under its row lock. */
  sync(id: number): Promise<RegularDonation> {
    return this.dataSource.transaction(async (manager) => {
      const gift = await lockGift(manager.getRepository(RegularDonation), id);
      if (!gift.paypalSubscriptionId) return gift;
      const subscription = await this.gateway.getSubscription(gift.paypalSubscriptionId);
      const status = STATUS_OF[subscription.status] ?? gift.status;
      // A cancelled or expired gift stays so, whatever order PayPal's messages arrive in.
      if (ENDED.includes(gift.status) && !ENDED.includes(status)) return gift;
      if (ENDED.includes(status) && !gift.cancelledAt) gift.cancelledAt = new Date();
      gift.status = status;
      const next = subscription.billing_info?.next_billing_time;
      gift.nextBillingAt = status === RegularDonationStatus.Active && next ? new Date(next) : null;
      if (status !== RegularDonationStatus.ApprovalPending) gift.approveUrl = null;
      return manager.save(gift);
    });
  }

  /** `sync` for a member waiting on the page: PayPal being unreachable answers the gift as we last knew it. */
  async syncOrAnswer(id: number): Promise<RegularDonation> {
    try {
      return await this.sync(id);
    } catch (error) {
      if (!(error instanceof PayPalError || error instanceof PayPalUnavailableError)) throw error;
      this.logger.error(`regular-donation-${id}: ${error.message}`);
      return this.gifts.findOneByOrFail({ id });
    }
  }

  /** Whether the gift's member has erased their account since. */
  async memberErased(gift: RegularDonation): Promise<boolean> {
    if (!gift.userId) return false;
    const [user] = await this.dataSource.query<{ erased: boolean }[]>(`SELECT erased_at IS NOT NULL AS erased FROM users WHERE id = $1`, [gift.userId]);
    return user?.erased ?? false;
  }

  /** E-mails the gift's member, unless their account is gone. */
  async tell(gift: RegularDonation, message: (gift: RegularDonation, user: User) => MailMessage): Promise<void> {
    const user = gift.userId ? await this.dataSource.getRepository(User).findOneBy({ id: gift.userId }) : null;
    if (user && !(await this.memberErased(gift))) await this.mail.queue(message(gift, user));
  }
}
