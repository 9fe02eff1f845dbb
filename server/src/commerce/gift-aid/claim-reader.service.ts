import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { applyListFilter, applyListPage, type ListArgs, type ListOptions, toId } from '../../common/list.js';
import { GiftAidClaim, GiftAidClaimRow } from './claim.entity.js';
import type { GiftAidClaimFilter } from './dto/claim.args.js';
import type { ScheduleRow, ScheduleSheet } from './schedule.js';

const LIST: ListOptions = {
  sortable: { id: 'claim.id', createdAt: 'claim.createdAt', from: 'claim.from', to: 'claim.to', status: 'claim.status' },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: [],
};

/** Stored claims as they are read: one, a page of them, and the schedule rows each holds. */
@Injectable()
export class GiftAidClaimReader {
  constructor(
    @InjectRepository(GiftAidClaim) private readonly claims: Repository<GiftAidClaim>,
    @InjectRepository(GiftAidClaimRow) private readonly rows: Repository<GiftAidClaimRow>,
  ) {}

  async get(id: number): Promise<GiftAidClaim> {
    const claim = await this.claims.findOneBy({ id });
    if (!claim) throw AppError.notFound('The claim');
    return claim;
  }

  list(args: ListArgs, filter?: GiftAidClaimFilter | null): Promise<GiftAidClaim[]> {
    return applyListPage(this.filtered(filter), args, LIST).getMany();
  }

  count(filter?: GiftAidClaimFilter | null): Promise<number> {
    return this.filtered(filter).getCount();
  }

  private filtered(filter?: GiftAidClaimFilter | null) {
    const query = applyListFilter(this.claims.createQueryBuilder('claim'), filter, LIST);
    if (filter?.status) query.andWhere('claim.status = :status', { status: filter.status });
    if (filter?.batchId) query.andWhere('claim.batchId = :batchId', { batchId: toId(filter.batchId, 'filter.batchId') });
    return query;
  }

  /** The schedule rows a claim holds, in their order. */
  async scheduleRows(id: number): Promise<ScheduleRow[]> {
    await this.get(id);
    return this.storedRows(id);
  }

  /** The claim as HMRC's sheet lays it out: its rows, Box 1 and Box 2. */
  async scheduleSheet(id: number): Promise<ScheduleSheet> {
    const claim = await this.get(id);
    return { rows: await this.storedRows(id), earliestDonationDate: claim.earliestDonationDate, overclaimedTaxMinor: claim.adjustmentMinor };
  }

  private async storedRows(id: number): Promise<ScheduleRow[]> {
    const rows = await this.rows.find({ where: { claimId: id }, order: { position: 'ASC' } });
    return rows.map(({ title, firstName, lastName, houseNameOrNumber, postcode, aggregated, sponsored, donationDate, amountMinor }) => ({
      title,
      firstName,
      lastName,
      houseNameOrNumber,
      postcode,
      aggregated,
      sponsored,
      donationDate,
      amountMinor,
    }));
  }
}
