import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AppError } from '../../common/app-error.js';
import { applyListPage, type ListArgs, type ListOptions } from '../../common/list.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { GiftAidClaim, GiftAidClaimRow } from './claim.entity.js';
import type { ClaimPeriodArgs } from './dto/gift-aid.args.js';
import { coveringSql, GiftAidStatus, GiftAidStatusService, sterlingSql } from './gift-aid-status.service.js';
import { ABROAD_POSTCODE, type ScheduleRow } from './schedule.js';
import { shiftYears, taxYearBounds, taxYearLabel, taxYearOf } from './tax-year.js';

/** An aggregated row may total at most £1,000. */
const AGGREGATE_ROW_LIMIT = 100_000;
/** Claims are made one at a time, so two cannot take the same donation. */
const CLAIM_LOCK = 0x67696674;

/** Gift Aid is 25 % of the gift: basic-rate tax of 20 % on the grossed-up amount. */
export const giftAidOn = (minor: number): number => Math.round(minor / 4);

export interface ClaimAdjustment {
  donationId: number;
  claimId: number;
  amountMinor: number;
  taxMinor: number;
}

/** What a claim over a period would hold, before it is made. */
export interface ClaimDraft {
  from: string;
  to: string;
  aggregated: boolean;
  donationIds: number[];
  rows: ScheduleRow[];
  donationsMinor: number;
  taxMinor: number;
  adjustments: ClaimAdjustment[];
  adjustmentMinor: number;
  adjustmentNote: string;
}

interface EligibleGift {
  id: number;
  day: string;
  sterling: number;
  title: string;
  first_name: string;
  last_name: string;
  house_name_or_number: string;
  postcode: string | null;
  lives_abroad: boolean;
}

const LIST: ListOptions = {
  sortable: { id: 'claim.id', createdAt: 'claim.createdAt', from: 'claim.from', to: 'claim.to' },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: [],
};

/** Gift Aid claims: previewed, made once per period in one transaction, then locked. */
@Injectable()
export class GiftAidClaimService {
  constructor(
    @InjectRepository(GiftAidClaim) private readonly claims: Repository<GiftAidClaim>,
    @InjectRepository(GiftAidClaimRow) private readonly rows: Repository<GiftAidClaimRow>,
    private readonly dataSource: DataSource,
    private readonly status: GiftAidStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  preview(period: ClaimPeriodArgs): Promise<ClaimDraft> {
    return this.draft(this.dataSource.manager, period);
  }

  /** Makes the claim: its rows are stored and its donations marked Claimed, all or nothing. */
  async create(caller: AuthUser, period: ClaimPeriodArgs): Promise<GiftAidClaim> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      const existing = await manager.getRepository(GiftAidClaim).findOneBy({ from: period.from, to: period.to });
      if (existing) throw new AppError('CONFLICT', `Claim ${existing.id} already covers ${period.from} to ${period.to}; a claim is made once`);
      const draft = await this.draft(manager, period);
      if (!draft.rows.length && !draft.adjustments.length) throw AppError.badInput('from', 'No eligible donations or adjustments in this period: nothing to claim');
      const lastDay = draft.rows.reduce((latest, row) => (row.donationDate > latest ? row.donationDate : latest), period.to);
      const claim = await manager.getRepository(GiftAidClaim).save(
        manager.getRepository(GiftAidClaim).create({
          from: draft.from,
          to: draft.to,
          aggregated: draft.aggregated,
          donationsMinor: draft.donationsMinor,
          taxMinor: draft.taxMinor,
          adjustmentMinor: draft.adjustmentMinor,
          adjustmentNote: draft.adjustmentNote,
          rowCount: draft.rows.length,
          createdBy: caller.id,
          keepUntil: shiftYears(taxYearBounds(taxYearOf(lastDay)).to, 6),
        }),
      );
      if (draft.rows.length) {
        await manager.getRepository(GiftAidClaimRow).insert(draft.rows.map((row, index) => ({ ...row, claimId: claim.id, position: index + 1 })));
      }
      await this.mark(manager, 'gift_aid_claim_id', draft.donationIds, claim.id);
      await this.mark(manager, 'gift_aid_adjustment_claim_id', draft.adjustments.map((adjustment) => adjustment.donationId), claim.id);
      return claim;
    });
  }

  private async mark(manager: EntityManager, column: string, ids: number[], claimId: number) {
    if (!ids.length) return;
    const [, changed] = await manager.query(`UPDATE donations SET ${column} = $1 WHERE id = ANY($2) AND ${column} IS NULL`, [claimId, ids]);
    if (changed !== ids.length) throw new AppError('CONFLICT', 'Donations changed while the claim was made; please preview it again');
  }

  async get(id: number): Promise<GiftAidClaim> {
    const claim = await this.claims.findOneBy({ id });
    if (!claim) throw AppError.notFound('The claim');
    return claim;
  }

  list(args: ListArgs): Promise<GiftAidClaim[]> {
    return applyListPage(this.claims.createQueryBuilder('claim'), args, LIST).getMany();
  }

  count(): Promise<number> {
    return this.claims.count();
  }

  /** The schedule rows a claim sent, in their order. */
  async scheduleRows(id: number): Promise<ScheduleRow[]> {
    await this.get(id);
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

  private async draft(manager: EntityManager, period: ClaimPeriodArgs): Promise<ClaimDraft> {
    if (Number.isNaN(Date.parse(period.from))) throw AppError.badInput('from', 'from must be a date (YYYY-MM-DD)');
    if (Number.isNaN(Date.parse(period.to))) throw AppError.badInput('to', 'to must be a date (YYYY-MM-DD)');
    if (period.to < period.from) throw AppError.badInput('to', 'to must not be before from');
    const eligible = this.status.condition('d', GiftAidStatus.Eligible);
    const gifts: EligibleGift[] = await manager
      .createQueryBuilder()
      .select('d.id', 'id')
      .addSelect(`to_char(coalesce(d.paid_at, d.created_at) AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`, 'day')
      .addSelect(sterlingSql('d'), 'sterling')
      .addSelect(['g.title', 'g.first_name', 'g.last_name', 'g.house_name_or_number', 'g.postcode', 'g.lives_abroad'].map((column) => `${column} AS ${column.slice(2)}`).join(', '))
      .from('donations', 'd')
      .innerJoin('gift_aid_declarations', 'g', `g.id = ${coveringSql('d')}`)
      .where(eligible.sql, eligible.parameters)
      .andWhere(`CAST(coalesce(d.paid_at, d.created_at) AT TIME ZONE 'Europe/London' AS date) BETWEEN CAST(:from AS date) AND CAST(:to AS date)`, period)
      .orderBy('day', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .getRawMany();
    const aggregated = period.aggregate ?? false;
    const limit = this.config.giftAidAggregationLimitMinor;
    const small = aggregated ? gifts.filter((gift) => gift.sterling <= limit) : [];
    const rows = [...gifts.filter((gift) => !small.includes(gift)).map(donorRow), ...aggregateRows(small)].sort((a, b) => a.donationDate.localeCompare(b.donationDate));
    const donationsMinor = gifts.reduce((sum, gift) => sum + gift.sterling, 0);

    const needing = this.status.condition('d', GiftAidStatus.NeedsAdjustment);
    const refunded: { id: number; claim_id: number; sterling: number }[] = await manager
      .createQueryBuilder()
      .select('d.id', 'id')
      .addSelect('d.gift_aid_claim_id', 'claim_id')
      .addSelect(sterlingSql('d'), 'sterling')
      .from('donations', 'd')
      .where(needing.sql, needing.parameters)
      .orderBy('d.id')
      .getRawMany();
    const adjustments = refunded.map((gift) => ({ donationId: gift.id, claimId: gift.claim_id, amountMinor: gift.sterling, taxMinor: giftAidOn(gift.sterling) }));
    const adjustmentMinor = giftAidOn(adjustments.reduce((sum, adjustment) => sum + adjustment.amountMinor, 0));
    return {
      from: period.from,
      to: period.to,
      aggregated,
      donationIds: gifts.map((gift) => gift.id),
      rows,
      donationsMinor,
      taxMinor: giftAidOn(donationsMinor),
      adjustments,
      adjustmentMinor,
      adjustmentNote: adjustmentNote(adjustments),
    };
  }
}

function donorRow(gift: EligibleGift): ScheduleRow {
  return {
    title: gift.title,
    firstName: gift.first_name,
    lastName: gift.last_name,
    houseNameOrNumber: gift.house_name_or_number,
    postcode: gift.lives_abroad ? ABROAD_POSTCODE : (gift.postcode ?? ''),
    aggregated: '',
    sponsored: false,
    donationDate: gift.day,
    amountMinor: gift.sterling,
  };
}

/** Small gifts added together, without names: one tax year per row, at most £1,000 a row, dated by its last gift. */
function aggregateRows(gifts: EligibleGift[]): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  let open: ScheduleRow | undefined;
  for (const gift of gifts) {
    const label = `Online donations ${taxYearLabel(taxYearOf(gift.day))}`;
    if (!open || open.aggregated !== label || open.amountMinor + gift.sterling > AGGREGATE_ROW_LIMIT) {
      open = { title: '', firstName: '', lastName: '', houseNameOrNumber: '', postcode: '', aggregated: label, sponsored: false, donationDate: gift.day, amountMinor: 0 };
      rows.push(open);
    }
    open.amountMinor += gift.sterling;
    open.donationDate = gift.day;
  }
  return rows;
}

/** What to write in the claim's adjustment box: at most 100 characters. */
function adjustmentNote(adjustments: ClaimAdjustment[]): string {
  if (!adjustments.length) return '';
  const claims = [...new Set(adjustments.map((adjustment) => adjustment.claimId))].sort((a, b) => a - b);
  const note = `Gift Aid over-claimed on ${adjustments.length} refunded donation${adjustments.length > 1 ? 's' : ''} from claim ${claims.join(', ')}`;
  return note.length <= 100 ? note : `${note.slice(0, 97)}...`;
}
