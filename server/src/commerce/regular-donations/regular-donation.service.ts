import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Not, Repository } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { requireOwner } from '../../access/ownership.js';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Donation, DonationStatus } from '../donations/donation.entity.js';
import { donationAmount, donationCurrency } from '../donations/donation.service.js';
import { fromPayPalValue, toPayPalValue } from '../money.js';
import { PAYMENT_GATEWAY, type PaymentGateway, PayPalError, PayPalUnavailableError } from '../paypal/payment-gateway.js';
import { approveLink, type Sale, type Subscription } from '../paypal/paypal.types.js';
import { donationReceipt, regularGiftPaymentFailed } from '../receipt-mails.js';
import { DeclarationSource } from '../gift-aid/declaration.entity.js';
import { GiftAidDeclarationService } from '../gift-aid/declaration.service.js';
import type { DeclarationDetails } from '../gift-aid/dto/gift-aid.args.js';
import { londonDay } from '../gift-aid/tax-year.js';
import { DeclarationScope } from '../gift-aid/wording.js';
import { BillingPlanService } from './billing-plan.service.js';
import { ENDED, lockGift, RegularDonationSync } from './regular-donation-sync.service.js';
import { RegularDonation, RegularDonationStatus } from './regular-donation.entity.js';

/** What a member is told when PayPal could not set up their gift. */
const UNAVAILABLE = 'We could not reach PayPal just now. Nothing was set up or charged; please try again in a moment.';

/**
 * Regular giving: a member's monthly gift is a PayPal subscription on the one monthly plan of its currency, at
 * the member's own price. PayPal's view of the subscription decides its status (read back after the member
 * approves, and on every BILLING.SUBSCRIPTION.* webhook); each PAYMENT.SALE.COMPLETED for exactly the gift's
 * amount becomes one Donation, however often it is delivered.
 */
@Injectable()
export class RegularDonationService {
  private readonly logger = new Logger('RegularGiving');

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(RegularDonation) private readonly gifts: Repository<RegularDonation>,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly declarations: GiftAidDeclarationService,
    private readonly plans: BillingPlanService,
    private readonly syncing: RegularDonationSync,
  ) {}

  customId(gift: Pick<RegularDonation, 'id'>): string {
    return `regular-donation-${gift.id}`;
  }

  /** Stores the gift, creates its PayPal subscription and keeps the link where the member agrees to it. */
  async create(caller: AuthUser, input: { amount: number; currency: string; giftAid?: boolean; giftAidDeclaration?: DeclarationDetails }): Promise<RegularDonation> {
    const amountMinor = donationAmount(input.amount);
    const currency = donationCurrency(input.currency);
    const declared = input.giftAidDeclaration;
    if (declared && declared.scope !== DeclarationScope.Enduring) throw AppError.badInput('giftAidDeclaration.scope', 'A monthly gift needs an enduring declaration, covering every payment');
    if (declared && input.giftAid === false) throw AppError.badInput('giftAid', 'giftAid cannot be false with a Gift Aid declaration');
    const giftAid = declared ? true : (input.giftAid ?? null);
    // Each payment is then checked against the declaration in force on its day, as any gift is. A declaration made
    // with the gift is stored with it, once the gift is valid.
    const gift = await this.dataSource.transaction(async (manager) => {
      if (declared) await this.declarations.declareWithGift(manager, caller.id, declared, { source: DeclarationSource.Online, madeOn: londonDay(new Date()), recordedBy: null });
      else if (giftAid) await this.declarations.forNewGift(caller.id, true);
      const repository = manager.getRepository(RegularDonation);
      return repository.save(repository.create({ userId: caller.id, amountMinor, currency, giftAid, status: RegularDonationStatus.ApprovalPending }));
    });
    const customId = this.customId(gift);
    try {
      const planId = await this.plans.planFor(currency);
      const value = toPayPalValue(amountMinor);
      const subscription = await this.gateway.createSubscription(
        {
          plan_id: planId,
          custom_id: customId,
          plan: { billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { currency_code: currency, value } } }] },
          application_context: {
            user_action: 'SUBSCRIBE_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: `${this.config.publicUrl}/user/giving`,
            cancel_url: `${this.config.publicUrl}/user/make-donations`,
          },
        },
        `${customId}-create`,
      );
      const link = approveLink(subscription);
      if (!link) throw new PayPalUnavailableError('create subscription', `subscription ${subscription.id} came back without an approve link`);
      gift.paypalPlanId = planId;
      gift.paypalSubscriptionId = subscription.id;
      gift.approveUrl = link;
      return await this.gifts.save(gift);
    } catch (error) {
      if (!(error instanceof PayPalError || error instanceof PayPalUnavailableError)) throw error;
      this.logger.error(`${customId}: ${error.message}`);
      // Nothing exists at PayPal for this gift: it is not kept half set up.
      await this.gifts.delete({ id: gift.id });
      throw new AppError('BAD_GATEWAY', UNAVAILABLE);
    }
  }

  /** The member is back from PayPal: their gift as PayPal now reports it. */
  async confirm(caller: AuthUser, subscriptionId: string): Promise<RegularDonation> {
    const gift = requireOwner(caller, await this.gifts.findOneBy({ paypalSubscriptionId: subscriptionId }), (found) => found.userId, 'The regular gift');
    return this.syncing.syncOrAnswer(gift.id);
  }

  /** Stops the gift at PayPal, then here. The member's own, or anyone's for finance managers. */
  async cancel(caller: AuthUser, id: number): Promise<RegularDonation> {
    const gift = requireOwner(caller, await this.gifts.findOneBy({ id }), (found) => found.userId, 'The regular gift', PERMISSION.financeManage);
    if (ENDED.includes(gift.status)) return gift;
    try {
      await this.gateway.cancelSubscription(gift.paypalSubscriptionId!, gift.userId === caller.id ? 'Cancelled by the donor' : 'Cancelled by the ministry');
    } catch (error) {
      if (error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID') return this.syncing.sync(gift.id);
      if (error instanceof PayPalError || error instanceof PayPalUnavailableError) {
        this.logger.error(`${this.customId(gift)} cancel: ${error.message}`);
        throw new AppError('BAD_GATEWAY', 'PayPal did not confirm the cancellation. Please try again in a moment.');
      }
      throw error;
    }
    return this.dataSource.transaction(async (manager) => {
      const locked = await lockGift(manager.getRepository(RegularDonation), gift.id);
      if (ENDED.includes(locked.status)) return locked;
      locked.status = RegularDonationStatus.Cancelled;
      locked.cancelledAt = new Date();
      locked.nextBillingAt = null;
      return manager.save(locked);
    });
  }

  /**
   * Before a member's account is erased: every gift of theirs still running is cancelled at PayPal, so no payment is
   * taken, claimed or receipted to an erased address. PayPal unreachable: nothing else happens, and they are told.
   */
  async cancelAllBeforeErasure(member: AuthUser): Promise<void> {
    const running = await this.gifts.find({ where: { userId: member.id, status: Not(In(ENDED)), paypalSubscriptionId: Not(IsNull()) }, select: { id: true } });
    for (const { id } of running) {
      try {
        await this.cancel(member, id);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'BAD_GATEWAY')) throw error;
        throw new AppError('BAD_GATEWAY', 'We could not stop your monthly gift at PayPal just now, so nothing has been deleted. Please try again in a moment.');
      }
    }
  }

  // From PayPal's webhooks (a background job: throwing retries it later)

  /** A BILLING.SUBSCRIPTION.* event: the gift follows PayPal's own view of the subscription. */
  async subscriptionChanged(eventType: string, subscription: Subscription): Promise<void> {
    const gift = await this.gifts.findOneBy({ paypalSubscriptionId: subscription.id });
    if (!gift) {
      this.logger.warn(`${eventType} for subscription ${subscription.id}, which is no gift of ours`);
      return;
    }
    await this.syncing.sync(gift.id);
    if (eventType === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') await this.syncing.tell(gift, regularGiftPaymentFailed);
  }

  /**
   * PAYMENT.SALE.COMPLETED: one month's payment becomes a Paid donation linked to the gift, once per sale id,
   * and only for exactly the gift's amount and currency.
   */
  async paymentReceived(sale: Sale): Promise<void> {
    const gift = sale.billing_agreement_id ? await this.gifts.findOneBy({ paypalSubscriptionId: sale.billing_agreement_id }) : null;
    if (!gift) {
      this.logger.warn(`sale ${sale.id} belongs to no gift of ours`);
      return;
    }
    const customId = this.customId(gift);
    const paid = `${sale.amount?.total ?? '?'} ${sale.amount?.currency ?? '?'}`;
    if (sale.custom !== undefined && sale.custom !== customId) {
      this.logger.error(`sale ${sale.id} carries custom ${sale.custom}, not ${customId}; not recorded`);
      return;
    }
    if (sale.amount?.currency !== gift.currency || fromPayPalValue(sale.amount?.total) !== gift.amountMinor) {
      this.logger.error(`sale ${sale.id} of ${customId} is for ${paid}, the gift for ${toPayPalValue(gift.amountMinor)} ${gift.currency}; not recorded`);
      return;
    }
    const paidAt = this.saleTime(sale);
    if (await this.syncing.memberErased(gift)) {
      // Erasure cancelled the gift at PayPal first: a payment reported now is PayPal's to return, not a gift to claim.
      this.logger.error(`sale ${sale.id} of ${customId} arrived after its member's account was erased; not recorded: refund it at PayPal`);
      return;
    }
    const inserted: { id: number }[] = await this.dataSource.query(
      `INSERT INTO donations (user_id, status, amount_minor, currency, description, capture_id, capture_status, paid_at, regular_donation_id, gift_aid)
       VALUES ($1, $2, $3, $4, $5, $6, 'COMPLETED', $7, $8, $9)
       ON CONFLICT (capture_id) WHERE regular_donation_id IS NOT NULL DO NOTHING RETURNING id`,
      [gift.userId, DonationStatus.Paid, gift.amountMinor, gift.currency, 'Monthly gift', sale.id, paidAt, gift.id, gift.giftAid],
    );
    await this.syncing.sync(gift.id);
    if (!inserted.length) return;
    const donation = await this.dataSource.getRepository(Donation).findOneByOrFail({ id: inserted[0].id });
    await this.syncing.tell(gift, (_gift, user) => donationReceipt(donation, user));
  }

  /**
   * When PayPal took the payment: its tax year is the one it was taken in, however late the event arrives. Without a
   * readable time (never seen from PayPal), the moment it is recorded.
   */
  private saleTime(sale: Sale): Date {
    const taken = sale.create_time ? new Date(sale.create_time) : null;
    const readable = taken && /^\d{4}-\d{2}-\d{2}T/.test(sale.create_time!) && !Number.isNaN(taken.getTime());
    // A time ahead of ours by more than clock drift is no time PayPal took a payment.
    if (readable && taken.getTime() <= Date.now() + 3_600_000) return taken;
    this.logger.warn(`sale ${sale.id} has no readable create_time (${sale.create_time === undefined ? 'none' : 'unreadable'}); dated now`);
    return new Date();
  }
}
