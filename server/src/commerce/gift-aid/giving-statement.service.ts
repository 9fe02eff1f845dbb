import { Injectable } from '@nestjs/common';
import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { Donation, DonationStatus } from '../donations/donation.entity.js';
import { minorToDecimal } from '../money.js';
import { londonDay, taxYearBounds, taxYearLabel, taxYearOf } from './tax-year.js';

@ObjectType()
export class GivingTotal {
  @Field() currency: string;
  @Field(() => Float) amount: number;
}

@ObjectType({ description: "A member's giving in one UK tax year (6 April to 5 April)" })
export class GivingStatement {
  @Field(() => Int, { description: 'The year the tax year starts in: 2025 for 2025-26' }) taxYear: number;
  @Field({ description: '"2025-26"' }) label: string;
  @Field() from: string;
  @Field() to: string;
  @Field(() => [GivingTotal], { description: 'Paid gifts, per currency, less what was refunded of them (refunded ones not counted)' }) totals: GivingTotal[];
  @Field(() => [Donation], { description: 'Paid and refunded gifts, oldest first' }) donations: Donation[];
}

/** The caller's donations by tax year, newest year first, for `/user/giving` and its printable statements. */
@Injectable()
export class GivingStatementService {
  constructor(@InjectRepository(Donation) private readonly donations: Repository<Donation>) {}

  async mine(caller: AuthUser): Promise<GivingStatement[]> {
    const gifts = await this.donations.find({
      where: { userId: caller.id, status: In([DonationStatus.Paid, DonationStatus.Refunded]) },
      order: { paidAt: 'ASC', id: 'ASC' },
    });
    const years = new Map<number, Donation[]>();
    for (const gift of gifts) {
      const year = taxYearOf(londonDay(gift.paidAt ?? gift.createdAt));
      years.set(year, [...(years.get(year) ?? []), gift]);
    }
    return [...years]
      .sort(([a], [b]) => b - a)
      .map(([year, donations]) => {
        const totals = new Map<string, number>();
        for (const gift of donations) {
          if (gift.status === DonationStatus.Paid) totals.set(gift.currency, (totals.get(gift.currency) ?? 0) + gift.amountMinor - gift.refundedAmountMinor);
        }
        return {
          taxYear: year,
          label: taxYearLabel(year),
          ...taxYearBounds(year),
          totals: [...totals].map(([currency, minor]) => ({ currency, amount: minorToDecimal(minor) })),
          donations,
        };
      });
  }
}
