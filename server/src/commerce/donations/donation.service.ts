import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AuditService } from '../../audit/index.js';
import { AppError } from '../../common/app-error.js';
import { requireOwner } from '../../access/ownership.js';
import type { AuthUser } from '../../access/auth-user.js';
import { applyListPage, ListArgs, ListOptions } from '../../common/list.js';
import { decimalToMinor, DONATION_CURRENCIES, DonationCurrency, formatMoney, toPayPalValue } from '../money.js';
import { recordListQuery, requireReadable } from '../payments/record-list.js';
import type { PaymentKind, Settlement } from '../payments/payment-kind.js';
import { PaymentsService } from '../payments/payments.service.js';
import { DeclarationSource } from '../gift-aid/declaration.entity.js';
import { GiftAidDeclarationService } from '../gift-aid/declaration.service.js';
import type { DeclarationDetails } from '../gift-aid/dto/gift-aid.args.js';
import { giftAidOn } from '../gift-aid/claim-draft.js';
import { GiftAidStatusService } from '../gift-aid/gift-aid-status.service.js';
import { isCalendarDay, londonDay } from '../gift-aid/tax-year.js';
import { donationReceipt } from '../receipt-mails.js';
import { DonationRefundService } from './donation-refund.service.js';
import { Donation, DonationStatus } from './donation.entity.js';
import { DonationFilter, MAX_DESCRIPTION } from './dto/donation.args.js';

/** The gift as the donor reads it once paid: its amount, and what Gift Aid adds to a gift in pounds. */
export function donationReceived(donation: Donation): string {
  const amount = formatMoney(donation.amountMinor, donation.currency);
  const giftAid =
    donation.giftAid && donation.currency === 'GBP'
      ? ` With Gift Aid, the church can claim ${formatMoney(giftAidOn(donation.amountMinor), 'GBP')} more from HMRC.`
      : donation.giftAid
        ? ' With Gift Aid, the church can claim 25p more from HMRC for every £1 it receives in pounds.'
        : '';
  return `Your donation of ${amount} was received.${giftAid} Thank you and God bless you.`;
}

export const DONATIONS: PaymentKind<Donation> = {
  name: 'donation',
  entity: Donation,
  label: 'donation',
  returnPath: '/user/make-donations-paypal-payment-response',
  cancelPath: '/user/make-donations',
  successMessage: donationReceived,
  receipt: donationReceipt,
  refundsRecordedApart: true,
  converted(donation, { currency, rate }) {
    // Gift Aid is claimed on the gross gift in pounds, not on what PayPal credits after its fee.
    if (currency !== 'GBP' || donation.currency === 'GBP') return;
    donation.exchangeRate = rate;
    donation.exchangeRateSource = 'PayPal';
    donation.exchangeRateDate = londonDay(donation.paidAt ?? new Date());
    donation.sterlingAmountMinor = Math.round(donation.amountMinor * Number(rate));
  },
};

export interface SterlingAmountInput {
  amount: number;
  rate?: string;
  rateSource?: string;
  rateDate?: string;
}

/** The rate's columns from what Finance entered: a rate needs its source and its day; a day is a past one. */
function sterlingRate({ rate, rateSource, rateDate }: SterlingAmountInput): Pick<Donation, 'exchangeRate' | 'exchangeRateSource' | 'exchangeRateDate'> {
  if (rate !== undefined && !(Number(rate) > 0)) throw AppError.badInput('rate', 'rate must be more than 0');
  if (rate !== undefined && !rateSource) throw AppError.badInput('rateSource', 'Say where the rate came from, e.g. PayPal statement or Bank of England');
  if (rate !== undefined && !rateDate) throw AppError.badInput('rateDate', 'Give the day the rate applies to');
  if (rateDate !== undefined && (!isCalendarDay(rateDate) || rateDate > londonDay(new Date()))) {
    throw AppError.badInput('rateDate', 'rateDate must be a real day, today or earlier (YYYY-MM-DD)');
  }
  return { exchangeRate: rate ?? null, exchangeRateSource: rateSource || null, exchangeRateDate: rateDate ?? null };
}

/** The largest single donation taken online, in pounds or dollars. */
export const MAX_DONATION = 10_000;

const LIST: ListOptions = {
  sortable: { id: 'donation.id', createdAt: 'donation.createdAt', amount: 'donation.amountMinor', status: 'donation.status', currency: 'donation.currency' },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // Column names: `q` casts each to text, which TypeORM's property-name rewriting does not see through.
  searchable: ['donation.paypal_order_id', 'donation.description', 'buyer.firstname', 'buyer.lastname', 'buyer.email'],
};

/** The amount as minor units, or a clear 400 naming `amount`. */
export function donationAmount(amount: number): number {
  const minor = decimalToMinor(amount);
  if (minor === undefined) throw AppError.badInput('amount', 'amount must have at most two decimals');
  if (minor <= 0) throw AppError.badInput('amount', 'amount must be more than 0');
  if (minor > MAX_DONATION * 100) throw AppError.badInput('amount', `amount must be at most ${MAX_DONATION}; for a larger gift please contact us`);
  return minor;
}

export function donationCurrency(currency: string): DonationCurrency {
  const upper = currency.trim().toUpperCase() as DonationCurrency;
  if (!DONATION_CURRENCIES.includes(upper)) throw AppError.badInput('currency', 'currency must be GBP or USD');
  return upper;
}

function donationDescription(description: string | undefined): string {
  const text = (description ?? '').trim();
  if (text.length > MAX_DESCRIPTION) throw AppError.badInput('description', `description must be at most ${MAX_DESCRIPTION} characters`);
  return text;
}

/** Donations: the amount is checked on the server, paid through PayPal, refunded by finance staff. */
@Injectable()
export class DonationService {
  constructor(
    @InjectRepository(Donation) private readonly donations: Repository<Donation>,
    private readonly payments: PaymentsService,
    private readonly declarations: GiftAidDeclarationService,
    private readonly giftAid: GiftAidStatusService,
    private readonly refunds: DonationRefundService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  async create(caller: AuthUser, input: { amount: number; currency: string; description?: string; giftAid?: boolean; giftAidDeclaration?: DeclarationDetails }): Promise<Donation> {
    const amountMinor = donationAmount(input.amount);
    const currency = donationCurrency(input.currency);
    const description = donationDescription(input.description);
    const declared = input.giftAidDeclaration;
    if (declared && input.giftAid === false) throw AppError.badInput('giftAid', 'giftAid cannot be false with a Gift Aid declaration');
    const giftAid = declared ? true : (input.giftAid ?? null);
    // A declaration made with the gift is stored with it, or not at all: it never waits to cover another gift.
    const record = await this.dataSource.transaction(async (manager) => {
      const giftAidDeclarationId = declared
        ? (await this.declarations.declareWithGift(manager, caller.id, declared, { source: DeclarationSource.Online, madeOn: londonDay(new Date()), recordedBy: null, gift: { amountMinor, currency } })).id
        : giftAid
          ? await this.declarations.forNewGift(caller.id)
          : null;
      const repository = manager.getRepository(Donation);
      return repository.save(repository.create({ userId: caller.id, status: DonationStatus.Created, amountMinor, currency, description, giftAid, giftAidDeclarationId }));
    });
    const value = toPayPalValue(amountMinor);
    return this.payments.startCheckout(DONATIONS, record, {
      description: (description || 'Donation to the ministry').slice(0, 127),
      amount: { currency_code: currency, value, breakdown: { item_total: { currency_code: currency, value } } },
      items: [{ name: 'Donation', unit_amount: { currency_code: currency, value }, quantity: '1', category: 'DONATION' }],
    });
  }

  capture(caller: AuthUser, paypalOrderId: string): Promise<Settlement<Donation>> {
    return this.payments.capture(DONATIONS, paypalOrderId, caller);
  }

  async get(caller: AuthUser, id: number): Promise<Donation> {
    return requireReadable(await this.donations.findOneBy({ id }), caller, 'The donation');
  }

  /**
   * A page of donations. Its count is a statement of its own, run beside it: counting in the page's statement
   * (`count(*) OVER ()`) made PostgreSQL build every matching row, doubling its work at 20,000 gifts.
   */
  list(caller: AuthUser, args: ListArgs, filter?: DonationFilter | null): Promise<Donation[]> {
    return applyListPage(this.filtered(caller, filter), args, LIST).getMany();
  }

  count(caller: AuthUser, filter?: DonationFilter | null): Promise<number> {
    return this.filtered(caller, filter).getCount();
  }

  private filtered(caller: AuthUser, filter?: DonationFilter | null) {
    const query = recordListQuery(this.donations, 'donation', caller, filter, LIST);
    if (filter?.currency) query.andWhere('donation.currency = :currency', { currency: filter.currency });
    if (filter?.giftAidStatus) {
      const condition = this.giftAid.condition('donation', filter.giftAidStatus);
      query.andWhere(condition.sql, condition.parameters);
    }
    return query;
  }

  /**
   * Finance enters what a dollar gift was worth in pounds when PayPal did not say, with the rate, where it came from
   * and its day, so an HMRC auditor can follow it; not once it is claimed. On the audit trail.
   */
  async setSterlingAmount(caller: AuthUser, ip: string | null, id: number, input: SterlingAmountInput): Promise<Donation> {
    const sterlingAmountMinor = donationAmount(input.amount);
    const rate = sterlingRate(input);
    return this.donations.manager.transaction(async (manager) => {
      const donation = await manager.findOne(Donation, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!donation) throw AppError.notFound('The donation');
      if (donation.currency === 'GBP') throw AppError.badInput('amount', 'This donation is in pounds already');
      if (donation.giftAidClaimId) throw new AppError('CONFLICT', `This donation is on Gift Aid claim ${donation.giftAidClaimId}; its amount is locked`);
      if (rate.exchangeRate && Math.abs(Math.round(donation.amountMinor * Number(rate.exchangeRate)) - sterlingAmountMinor) > 1) {
        const expected = formatMoney(Math.round(donation.amountMinor * Number(rate.exchangeRate)), 'GBP');
        throw AppError.badInput('amount', `amount does not match the rate: ${formatMoney(donation.amountMinor, donation.currency)} at ${rate.exchangeRate} is ${expected}`);
      }
      await manager.update(Donation, { id }, { sterlingAmountMinor, ...rate });
      // Its refunds took back their share of the pounds as corrected (the gift is unclaimed, so none is accounted yet).
      // Each share is that of all refunded up to it less that of those before, so they add up to the pounds at most.
      await manager.query(
        `UPDATE donation_refunds r SET sterling_minor = shares.share
           FROM (SELECT id, round(sum(amount_minor) OVER (ORDER BY id)::numeric * $2 / $3)
                          - round((sum(amount_minor) OVER (ORDER BY id) - amount_minor)::numeric * $2 / $3) AS share
                   FROM donation_refunds WHERE donation_id = $1) shares
          WHERE r.id = shares.id`,
        [id, sterlingAmountMinor, donation.amountMinor],
      );
      const detail = [formatMoney(sterlingAmountMinor, 'GBP'), rate.exchangeRate && `at ${rate.exchangeRate}`, rate.exchangeRateSource, rate.exchangeRateDate].filter(Boolean).join(', ');
      await this.audit.record(caller, ip, { action: 'donation.sterling-amount', recordKind: 'Donation', recordIds: [String(id)], detail }, manager);
      return manager.findOneByOrFail(Donation, { id });
    });
  }

  /** Refunds `amount` of a gift (all that is left without) through PayPal; see `DonationRefundService`. */
  refund(id: number, amount?: number | null, caller: AuthUser | null = null, address: string | null = null, key?: string): Promise<Donation> {
    return this.refunds.refund(caller, address, id, amount, key);
  }

  /**
   * Legacy `donation-capture-order {amount, description, orderID, usersId}`: the amount must be the one the
   * donation was created with; the description, sent only now by the legacy client, is kept. Only the donor may
   * capture; checked here, so the capture below need not ask again.
   */
  async captureFromLegacy(caller: AuthUser, input: { orderID: string; amount?: number; description?: string }): Promise<Settlement<Donation>> {
    const donation = requireOwner(caller, await this.donations.findOneBy({ paypalOrderId: input.orderID }), (found) => found.userId, 'The donation');
    if (input.amount !== undefined && decimalToMinor(input.amount) !== donation.amountMinor) {
      throw AppError.badInput('amount', `The amount does not match this donation of ${formatMoney(donation.amountMinor, donation.currency)}. Nothing was charged.`);
    }
    const description = donationDescription(input.description);
    if (description && donation.status === DonationStatus.Created && !donation.description) {
      await this.donations.update({ id: donation.id, status: DonationStatus.Created }, { description });
    }
    return this.payments.capture(DONATIONS, input.orderID);
  }
}
