import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { AuditService } from '../../audit/index.js';
import { AppError } from '../../common/app-error.js';
import { applyListFilter, applyListPage, type ListArgs, type ListOptions, toId } from '../../common/list.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { type PeriodSettings, SiteSettingsService } from '../../site/index.js';
import { decimalToMinor, formatMoney } from '../money.js';
import { aggregationPeriod, keepUntil } from './accounting-period.js';
import { GiftAidClaim, GiftAidClaimRow, GiftAidClaimStatus } from './claim.entity.js';
import type { GiftAidClaimFilter } from './dto/claim.args.js';
import type { ClaimPeriodArgs } from './dto/gift-aid.args.js';
import { coveringSql, GiftAidStatus, GiftAidStatusService } from './gift-aid-status.service.js';
import { accountRefunds, CLAIM_LOCK, netSterlingSql, pendingAdjustments, type PendingAdjustment, releaseRefunds } from './refund-accounting.js';
import { ABROAD_POSTCODE, ROWS_PER_CLAIM, type ScheduleRow, type ScheduleSheet } from './schedule.js';
import { londonDay } from './tax-year.js';

/** An aggregated row may total at most £1,000 (gov.uk: "The total donation on one line cannot be higher than £1,000"). */
const AGGREGATE_ROW_LIMIT = 100_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Gift Aid is 25 % of the gift: basic-rate tax of 20 % on the grossed-up amount. */
export const giftAidOn = (minor: number): number => Math.round(minor / 4);

/**
 * 25 % of each amount, in whole pence, adding up exactly to 25 % of their total (rounded once): each line gets
 * its share rounded down, and the pennies left go to the lines whose shares lost the most.
 */
export function giftAidShares(amounts: readonly number[]): number[] {
  const shares = amounts.map((amount) => Math.floor(amount / 4));
  let left = giftAidOn(amounts.reduce((sum, amount) => sum + amount, 0)) - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = amounts.map((amount, index) => ({ index, remainder: amount % 4 })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

export interface ClaimAdjustment {
  donationId: number;
  claimId: number;
  amountMinor: number;
  taxMinor: number;
}

/** A schedule row with what it came from: a donor's donation and declaration, or the donations an aggregated row adds up. */
export interface ClaimRowDraft extends ScheduleRow {
  donationId: number | null;
  declarationId: number | null;
  donationIds: number[] | null;
  /** Its earliest gift: the row's own date, or an aggregated row's first gift (Box 1 counts it). */
  firstGiftDate: string;
}

/** One claim of a batch: at most 1,000 rows. */
export interface ClaimPart {
  rows: ClaimRowDraft[];
  donationIds: number[];
  donationsMinor: number;
  taxMinor: number;
  earliestDonationDate: string | null;
  lastDonationDate: string | null;
}

/** What a claim over a period would hold, before it is made: one claim per 1,000 rows, adjustments on the first. */
export interface ClaimDraft {
  from: string;
  to: string;
  aggregated: boolean;
  donationIds: number[];
  rows: ClaimRowDraft[];
  claims: ClaimPart[];
  donationsMinor: number;
  taxMinor: number;
  adjustments: ClaimAdjustment[];
  /** Refunds to declare that do not fit this claim's Box 2: they wait for a later claim. */
  waitingAdjustments: ClaimAdjustment[];
  adjustmentMinor: number;
  adjustmentNote: string;
}

interface EligibleGift {
  id: number;
  user_id: number;
  declaration_id: number;
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
  sortable: { id: 'claim.id', createdAt: 'claim.createdAt', from: 'claim.from', to: 'claim.to', status: 'claim.status' },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: [],
};

/** Who did what, from where: every step of a claim is on the audit trail. */
export interface ClaimActor {
  caller: AuthUser;
  address: string;
}

/** Gift Aid claims: previewed, made as Drafts of at most 1,000 rows, then submitted, paid or rejected. */
@Injectable()
export class GiftAidClaimService {
  constructor(
    @InjectRepository(GiftAidClaim) private readonly claims: Repository<GiftAidClaim>,
    @InjectRepository(GiftAidClaimRow) private readonly rows: Repository<GiftAidClaimRow>,
    private readonly dataSource: DataSource,
    private readonly status: GiftAidStatusService,
    private readonly siteSettings: SiteSettingsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  preview(period: ClaimPeriodArgs): Promise<ClaimDraft> {
    return this.draft(this.dataSource.manager, period);
  }

  /**
   * Makes the period's claims as Drafts, one per 1,000 rows, numbered as a batch: their rows stored, their donations
   * marked Claimed and their refunds accounted, all or nothing. Answers them in order.
   */
  async create(actor: ClaimActor, period: ClaimPeriodArgs): Promise<GiftAidClaim[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      const existing = await manager
        .getRepository(GiftAidClaim)
        .createQueryBuilder('claim')
        .where('claim.from = :from AND claim.to = :to AND claim.status <> :rejected', { ...period, rejected: GiftAidClaimStatus.Rejected })
        .getOne();
      if (existing) throw new AppError('CONFLICT', `Claim ${existing.id} already covers ${period.from} to ${period.to}; a period is claimed once unless HMRC rejects it`);
      const draft = await this.draft(manager, period);
      if (!draft.rows.length) throw AppError.badInput('from', 'No eligible donations in this period: nothing to claim (refunds to declare wait for a claim with donations, as Box 2 may not exceed the tax claimed)');
      const settings = this.siteSettings.periodSettings();
      const made: GiftAidClaim[] = [];
      for (const [index, part] of draft.claims.entries()) {
        const first = index === 0;
        const values = {
          status: GiftAidClaimStatus.Draft,
          // The batch is named by its first claim, whose id is known once it is stored.
          batchId: made[0]?.id ?? 0,
          batchNumber: index + 1,
          batchSize: draft.claims.length,
          from: draft.from,
          to: draft.to,
          aggregated: draft.aggregated,
          donationsMinor: part.donationsMinor,
          taxMinor: part.taxMinor,
          adjustmentMinor: first ? draft.adjustmentMinor : 0,
          adjustmentNote: first ? draft.adjustmentNote : '',
          rowCount: part.rows.length,
          earliestDonationDate: part.earliestDonationDate,
          createdBy: actor.caller.id,
          keepUntil: keepUntil(part.lastDonationDate ?? draft.to, settings),
        };
        const { identifiers } = await manager.getRepository(GiftAidClaim).insert(values);
        const id = identifiers[0].id as number;
        if (first) await manager.getRepository(GiftAidClaim).update({ id }, { batchId: id });
        const claim = await manager.getRepository(GiftAidClaim).findOneByOrFail({ id });
        if (part.rows.length) {
          await manager.getRepository(GiftAidClaimRow).insert(
            part.rows.map(({ firstGiftDate: _first, ...row }, position) => ({ ...row, claimId: claim.id, position: position + 1 })),
          );
        }
        await this.markClaimed(manager, part.donationIds, claim.id);
        // A gift refunded in part before its claim is claimed on what was kept: those refunds are accounted here.
        await accountRefunds(manager, claim.id, part.donationIds);
        if (first) await accountRefunds(manager, claim.id, draft.adjustments.map((adjustment) => adjustment.donationId));
        made.push(claim);
      }
      await this.audit.record(
        actor.caller,
        actor.address,
        { action: 'gift-aid.claim-made', recordKind: 'GiftAidClaim', recordIds: made.map((claim) => String(claim.id)), detail: `${draft.from} to ${draft.to}: ${made.length} claim(s), ${draft.rows.length} row(s)` },
        manager,
      );
      return made;
    });
  }

  private async markClaimed(manager: EntityManager, ids: number[], claimId: number) {
    if (!ids.length) return;
    const [, changed] = await manager.query(`UPDATE donations SET gift_aid_claim_id = $1 WHERE id = ANY($2) AND gift_aid_claim_id IS NULL`, [claimId, ids]);
    if (changed !== ids.length) throw new AppError('CONFLICT', 'Donations changed while the claim was made; please preview it again');
  }

  /** Draft → Submitted: sent to HMRC, with the reference HMRC gave it. */
  submit(actor: ClaimActor, id: number, hmrcReference: string): Promise<GiftAidClaim> {
    const reference = hmrcReference.trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9 ./-]{0,63}$/.test(reference)) {
      throw AppError.badInput('hmrcReference', "hmrcReference must be HMRC's reference for the submission: letters, digits, spaces, . / -, at most 64 characters");
    }
    return this.step(actor, id, GiftAidClaimStatus.Draft, 'gift-aid.claim-submitted', `HMRC reference ${reference}`, async (claim) => {
      Object.assign(claim, { status: GiftAidClaimStatus.Submitted, hmrcReference: reference, submittedAt: new Date() });
    });
  }

  /** Submitted → Paid: what HMRC paid and the day it arrived. */
  recordPayment(actor: ClaimActor, id: number, amount: number, receivedOn: string): Promise<GiftAidClaim> {
    const paidMinor = decimalToMinor(amount);
    if (paidMinor === undefined || paidMinor <= 0) throw AppError.badInput('amount', 'amount must be what HMRC paid, in pounds, more than 0 with at most two decimals');
    if (!DAY.test(receivedOn) || Number.isNaN(Date.parse(receivedOn))) throw AppError.badInput('receivedOn', 'receivedOn must be a date (YYYY-MM-DD)');
    if (receivedOn > londonDay(new Date())) throw AppError.badInput('receivedOn', 'receivedOn cannot be in the future');
    return this.step(actor, id, GiftAidClaimStatus.Submitted, 'gift-aid.claim-paid', `£${amount.toFixed(2)} received on ${receivedOn}`, async (claim) => {
      if (claim.submittedAt && receivedOn < londonDay(claim.submittedAt)) throw AppError.badInput('receivedOn', 'receivedOn cannot be before the claim was submitted');
      // HMRC pays at most the tax claimed: more is a typo (and might not fit the column).
      if (paidMinor > claim.taxMinor) throw AppError.badInput('amount', `amount must be at most ${formatMoney(claim.taxMinor, 'GBP')}, the tax this claim asked for`);
      Object.assign(claim, { status: GiftAidClaimStatus.Paid, paidMinor, paidOn: receivedOn });
    });
  }

  /**
   * Submitted → Rejected: HMRC paid nothing, so the claim's donations are free to claim again, and the refunds it
   * accounted for (claimed net, or declared in Box 2) are to be accounted again. Its rows stay as the record.
   */
  reject(actor: ClaimActor, id: number, reason: string): Promise<GiftAidClaim> {
    const why = reason.trim();
    if (!why || why.length > 500) throw AppError.badInput('reason', 'reason must say why HMRC rejected the claim, at most 500 characters');
    return this.step(actor, id, GiftAidClaimStatus.Submitted, 'gift-aid.claim-rejected', 'rejected by HMRC', async (claim, manager) => {
      await this.release(manager, claim.id);
      Object.assign(claim, { status: GiftAidClaimStatus.Rejected, rejectionReason: why });
    });
  }

  /** Deletes a Draft made by mistake: its rows go, its donations and refunds are free again. */
  async delete(actor: ClaimActor, id: number): Promise<boolean> {
    await this.step(actor, id, GiftAidClaimStatus.Draft, 'gift-aid.claim-deleted', 'draft deleted', async (claim, manager) => {
      // Taking turns with claims being made, none of which may declare this Draft's refunds while it goes.
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      await this.refuseIfDeclaredElsewhere(manager, claim.id);
      await this.release(manager, claim.id);
      await manager.getRepository(GiftAidClaimRow).delete({ claimId: claim.id });
      await manager.getRepository(GiftAidClaim).delete({ id: claim.id });
      return 'deleted';
    });
    return true;
  }

  /**
   * A later claim that declared in Box 2 a refund of this claim's gifts told HMRC of it: deleting this one would free
   * those gifts to be claimed again net of the refund, taking it off twice. That claim goes first.
   */
  private async refuseIfDeclaredElsewhere(manager: EntityManager, claimId: number) {
    const [declared]: { claim_id: number }[] = await manager.query(
      `SELECT r.gift_aid_claim_id AS claim_id FROM donation_refunds r JOIN donations d ON d.id = r.donation_id
        WHERE d.gift_aid_claim_id = $1 AND r.gift_aid_claim_id <> $1 ORDER BY r.gift_aid_claim_id LIMIT 1`,
      [claimId],
    );
    if (declared) {
      throw new AppError('CONFLICT', `Refunds of this claim's gifts are declared on claim ${declared.claim_id}: delete that Draft first, or submit this claim`);
    }
  }

  private async release(manager: EntityManager, claimId: number) {
    await releaseRefunds(manager, claimId);
    await manager.query('UPDATE donations SET gift_aid_claim_id = NULL WHERE gift_aid_claim_id = $1', [claimId]);
    await manager.query('UPDATE donations SET gift_aid_adjustment_claim_id = NULL WHERE gift_aid_adjustment_claim_id = $1', [claimId]);
  }

  /**
   * One step of a claim's life, under a lock on its row: of two calls at once on one claim, the second sees what the
   * first did and is refused (CONFLICT). The step and its audit record are one transaction.
   */
  private step(
    actor: ClaimActor,
    id: number,
    from: GiftAidClaimStatus,
    action: string,
    detail: string,
    change: (claim: GiftAidClaim, manager: EntityManager) => Promise<'deleted' | void>,
  ): Promise<GiftAidClaim> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(GiftAidClaim);
      const claim = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!claim) throw AppError.notFound('The claim');
      if (claim.status !== from) throw new AppError('CONFLICT', `Claim ${id} is ${claim.status}: only a ${from} claim can be changed this way`);
      const deleted = (await change(claim, manager)) === 'deleted';
      await this.audit.record(actor.caller, actor.address, { action, recordKind: 'GiftAidClaim', recordIds: [String(id)], detail }, manager);
      return deleted ? claim : repository.save(claim);
    });
  }

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

  private async draft(manager: EntityManager, period: ClaimPeriodArgs): Promise<ClaimDraft> {
    if (Number.isNaN(Date.parse(period.from))) throw AppError.badInput('from', 'from must be a date (YYYY-MM-DD)');
    if (Number.isNaN(Date.parse(period.to))) throw AppError.badInput('to', 'to must be a date (YYYY-MM-DD)');
    if (period.to < period.from) throw AppError.badInput('to', 'to must not be before from');
    const eligible = this.status.condition('d', GiftAidStatus.Eligible);
    const gifts: EligibleGift[] = (
      await manager
        .createQueryBuilder()
        .select('d.id', 'id')
        .addSelect('d.user_id', 'user_id')
        .addSelect('g.id', 'declaration_id')
        .addSelect(`to_char(coalesce(d.paid_at, d.created_at) AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`, 'day')
        .addSelect(`CAST(${netSterlingSql('d')} AS integer)`, 'sterling')
        .addSelect(['g.title', 'g.first_name', 'g.last_name', 'g.house_name_or_number', 'g.postcode', 'g.lives_abroad'].map((column) => `${column} AS ${column.slice(2)}`).join(', '))
        .from('donations', 'd')
        .innerJoin('gift_aid_declarations', 'g', `g.id = ${coveringSql('d')}`)
        .where(eligible.sql, eligible.parameters)
        .andWhere(`CAST(coalesce(d.paid_at, d.created_at) AT TIME ZONE 'Europe/London' AS date) BETWEEN CAST(:from AS date) AND CAST(:to AS date)`, period)
        .orderBy('day', 'ASC')
        .addOrderBy('d.id', 'ASC')
        .getRawMany<EligibleGift>()
    ).filter((gift) => gift.sterling > 0);
    const aggregated = period.aggregate ?? false;
    const limit = this.config.giftAidAggregationLimitMinor;
    const small = aggregated ? gifts.filter((gift) => gift.sterling <= limit) : [];
    const rows = [...gifts.filter((gift) => !small.includes(gift)).map(donorRow), ...aggregateRows(small, this.siteSettings.periodSettings())].sort(
      (a, b) => a.donationDate.localeCompare(b.donationDate) || (a.donationId ?? 0) - (b.donationId ?? 0),
    );
    const claims = chunk(rows, ROWS_PER_CLAIM).map(claimPart);

    const pending = await pendingAdjustments(manager);
    const fitting = fitInBox2(pending, claims[0]?.taxMinor ?? 0);
    const shares = giftAidShares(fitting.map((adjustment) => adjustment.amountMinor));
    const toAdjustment = (adjustment: PendingAdjustment, taxMinor: number): ClaimAdjustment => ({
      donationId: adjustment.donationId,
      claimId: adjustment.claimId,
      amountMinor: adjustment.amountMinor,
      taxMinor,
    });
    const adjustments = fitting.map((adjustment, index) => toAdjustment(adjustment, shares[index]));
    const waiting = pending.slice(fitting.length).map((adjustment) => toAdjustment(adjustment, giftAidOn(adjustment.amountMinor)));
    return {
      from: period.from,
      to: period.to,
      aggregated,
      donationIds: gifts.map((gift) => gift.id),
      rows,
      claims,
      donationsMinor: claims.reduce((sum, part) => sum + part.donationsMinor, 0),
      taxMinor: claims.reduce((sum, part) => sum + part.taxMinor, 0),
      adjustments,
      waitingAdjustments: waiting,
      adjustmentMinor: shares.reduce((sum, share) => sum + share, 0),
      adjustmentNote: adjustmentNote(adjustments),
    };
  }
}

/**
 * The refunds to declare, oldest first, that Box 2 of a claim asking for `taxMinor` can hold: HMRC deducts Box 2 from
 * the claim, and an adjustment "can't be used to generate a credit", so the over-claimed tax may not exceed the tax
 * claimed. The rest wait, still NeedsAdjustment, for a later claim.
 */
function fitInBox2(pending: readonly PendingAdjustment[], taxMinor: number): PendingAdjustment[] {
  let count = 0;
  let refundedMinor = 0;
  for (const adjustment of pending) {
    if (giftAidOn(refundedMinor + adjustment.amountMinor) > taxMinor) break;
    refundedMinor += adjustment.amountMinor;
    count += 1;
  }
  return pending.slice(0, count);
}

const chunk = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

function claimPart(rows: ClaimRowDraft[]): ClaimPart {
  const donationsMinor = rows.reduce((sum, row) => sum + row.amountMinor, 0);
  const days = rows.map((row) => row.firstGiftDate).sort();
  const lastDays = rows.map((row) => row.donationDate).sort();
  return {
    rows,
    donationIds: rows.flatMap((row) => row.donationIds ?? (row.donationId === null ? [] : [row.donationId])),
    donationsMinor,
    taxMinor: giftAidOn(donationsMinor),
    earliestDonationDate: days[0] ?? null,
    lastDonationDate: lastDays.at(-1) ?? null,
  };
}

function donorRow(gift: EligibleGift): ClaimRowDraft {
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
    donationId: gift.id,
    declarationId: gift.declaration_id,
    donationIds: null,
    firstGiftDate: gift.day,
  };
}

/**
 * Small gifts added together, without names, as HMRC allows: gifts of different donors (the template: "donations
 * under £20 from different people"), of one accounting period, at most £1,000 a row; a row is dated by its last gift
 * and described in at most 35 characters ("Online donations 2025-26"). A donor's second small gift goes in another row, and a
 * row left with one gift is written with its donor's name and address.
 */
function aggregateRows(gifts: EligibleGift[], settings: PeriodSettings): ClaimRowDraft[] {
  const rows: { row: ClaimRowDraft; donors: Set<number>; gifts: EligibleGift[] }[] = [];
  for (const gift of gifts) {
    const label = `Online donations ${aggregationPeriod(gift.day, settings)}`;
    let open = rows.find(({ row, donors }) => row.aggregated === label && !donors.has(gift.user_id) && row.amountMinor + gift.sterling <= AGGREGATE_ROW_LIMIT);
    if (!open) {
      open = {
        row: {
          title: '',
          firstName: '',
          lastName: '',
          houseNameOrNumber: '',
          postcode: '',
          aggregated: label,
          sponsored: false,
          donationDate: gift.day,
          amountMinor: 0,
          donationId: null,
          declarationId: null,
          donationIds: [],
          firstGiftDate: gift.day,
        },
        donors: new Set(),
        gifts: [],
      };
      rows.push(open);
    }
    open.donors.add(gift.user_id);
    open.gifts.push(gift);
    open.row.amountMinor += gift.sterling;
    open.row.donationDate = gift.day;
    open.row.donationIds!.push(gift.id);
  }
  // A row of one gift aggregates nothing ("donations … from different people"): it is written as the donor's own.
  return rows.map(({ row, gifts }) => (gifts.length === 1 ? donorRow(gifts[0]) : row));
}

/** What to write in the claim's adjustment box: at most 100 characters. */
function adjustmentNote(adjustments: ClaimAdjustment[]): string {
  if (!adjustments.length) return '';
  const claims = [...new Set(adjustments.map((adjustment) => adjustment.claimId))].sort((a, b) => a - b);
  const note = `Gift Aid over-claimed on ${adjustments.length} refunded donation${adjustments.length > 1 ? 's' : ''} from claim ${claims.join(', ')}`;
  return note.length <= 100 ? note : `${note.slice(0, 97)}...`;
}
