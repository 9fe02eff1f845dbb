import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { applyListPage, ListArgs, ListOptions } from '../../common/list.js';
import { minorToDecimal } from '../money.js';
import { recordListQuery, requireReadable } from '../payments/record-list.js';
import { MonthlyTotal, RegularDonationFilter } from './dto/regular-donation.args.js';
import { RegularDonation, RegularDonationStatus } from './regular-donation.entity.js';

const LIST: ListOptions = {
  sortable: {
    id: 'gift.id',
    createdAt: 'gift.createdAt',
    amount: 'gift.amountMinor',
    status: 'gift.status',
    currency: 'gift.currency',
    nextBillingAt: { column: 'gift.nextBillingAt', nulls: 'NULLS LAST' },
  },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: ['gift.paypal_subscription_id', 'buyer.firstname', 'buyer.lastname', 'buyer.email'],
};

/** Regular gifts as they are read: a member's own, or every one for finance staff, and what they bring in. */
@Injectable()
export class RegularDonationReader {
  constructor(@InjectRepository(RegularDonation) private readonly gifts: Repository<RegularDonation>) {}

  async get(caller: AuthUser, id: number): Promise<RegularDonation> {
    return requireReadable(await this.gifts.findOneBy({ id }), caller, 'The regular gift');
  }

  list(caller: AuthUser, args: ListArgs, filter?: RegularDonationFilter | null): Promise<RegularDonation[]> {
    return applyListPage(this.filtered(caller, filter), args, LIST).getMany();
  }

  count(caller: AuthUser, filter?: RegularDonationFilter | null): Promise<number> {
    return this.filtered(caller, filter).getCount();
  }

  /** What the Active gifts matching the filter bring in each month, per currency (the status filter aside). */
  async monthlyTotals(caller: AuthUser, filter?: RegularDonationFilter | null): Promise<MonthlyTotal[]> {
    const rows: { currency: string; minor: string; gifts: string }[] = await this.filtered(caller, { ...filter, status: RegularDonationStatus.Active })
      .select('gift.currency', 'currency')
      .addSelect('sum(gift.amountMinor)', 'minor')
      .addSelect('count(*)', 'gifts')
      .groupBy('gift.currency')
      .orderBy('gift.currency')
      .getRawMany();
    return rows.map((row) => ({ currency: row.currency, amount: minorToDecimal(Number(row.minor)), gifts: Number(row.gifts) }));
  }

  private filtered(caller: AuthUser, filter?: RegularDonationFilter | null) {
    const query = recordListQuery(this.gifts, 'gift', caller, filter, LIST);
    if (filter?.currency) query.andWhere('gift.currency = :currency', { currency: filter.currency });
    return query;
  }
}
