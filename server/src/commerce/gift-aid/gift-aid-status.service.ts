import { Injectable, OnModuleInit } from '@nestjs/common';
import { registerEnumType } from '@nestjs/graphql';
import type DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { byKeys, LoaderFactory } from '../../common/loaders.js';
import { pendingRefundSql } from './refund-accounting.js';
import { SiteSettingsService } from '../../site/index.js';
import { earliestClaimableDay } from './accounting-period.js';
import { londonDay } from './tax-year.js';

export enum GiftAidStatus {
  NotDeclared = 'NotDeclared',
  Eligible = 'Eligible',
  Claimed = 'Claimed',
  NeedsAdjustment = 'NeedsAdjustment',
  Ineligible = 'Ineligible',
}
registerEnumType(GiftAidStatus, { name: 'GiftAidStatus' });

/** A donation's status, and why when it is Ineligible or NotDeclared (or what a later claim did to it). */
export interface GiftAidState {
  status: GiftAidStatus;
  reason: string | null;
}

declare module '../../common/loaders.js' {
  interface Loaders {
    giftAidState: DataLoader<number, GiftAidState | null>;
  }
}

/** Every verdict the SQL below can reach, with the status it means and the words shown for it. */
const VERDICTS = {
  NeedsAdjustment: [GiftAidStatus.NeedsAdjustment, 'Refunded (in full or in part) after it was claimed: declare the Gift Aid on the next claim'],
  Adjusted: [GiftAidStatus.Ineligible, 'Refunded after it was claimed; declared on a later claim'],
  Uncovered: [GiftAidStatus.NeedsAdjustment, 'Its declaration was cancelled after this gift was claimed, as if never made: declare the Gift Aid on the next claim'],
  UncoveredAdjusted: [GiftAidStatus.Ineligible, 'Its declaration was cancelled after this gift was claimed, as if never made; declared on a later claim'],
  Claimed: [GiftAidStatus.Claimed, null],
  Refused: [GiftAidStatus.NotDeclared, 'The donor chose no Gift Aid for this gift'],
  NoDeclaration: [GiftAidStatus.NotDeclared, null],
  Cancelled: [GiftAidStatus.Ineligible, 'Declaration cancelled before this gift'],
  Voided: [GiftAidStatus.Ineligible, 'Oral declaration cancelled within 30 days of its written record: as if never made'],
  Refunded: [GiftAidStatus.Ineligible, 'Refunded'],
  NotPaid: [GiftAidStatus.Ineligible, 'Not paid'],
  NotGbp: [GiftAidStatus.Ineligible, 'Not GBP: waiting for Finance to enter the sterling amount'],
  TooOld: [GiftAidStatus.Ineligible, "Older than HMRC's four-year claim window"],
  Eligible: [GiftAidStatus.Eligible, null],
} as const satisfies Record<string, readonly [GiftAidStatus, string | null]>;
type Verdict = keyof typeof VERDICTS;

/** When a gift counts: when it was paid, else when it was made; its day is London's. */
const at = (d: string) => `coalesce(${d}.paid_at, ${d}.created_at)`;
const day = (d: string) => `CAST(${at(d)} AT TIME ZONE 'Europe/London' AS date)`;

/** Declarations that could cover the gift by their scope and dates, whatever their cancellation. */
const coverable = (d: string) =>
  `g.user_id = ${d}.user_id AND (g.id = ${d}.gift_aid_declaration_id OR (g.scope = 'Enduring' AND g.effective_from <= ${day(d)} ` +
  `AND (g.superseded_at IS NULL OR g.superseded_at > ${at(d)})))`;

/**
 * An oral declaration cancelled within 30 days of its written record being sent is treated as never made (HMRC RE1841;
 * the written record tells the donor so), so it covers no gift at all, not even those before the cancellation.
 */
const voidedSql = `(g.source = 'Oral' AND g.cancelled_at <= g.confirmation_sent_at + interval '30 days')`;

/**
 * The one place that decides a donation's Gift Aid status, as a SQL expression over a donation row (`d`), so a list
 * can filter by it and a claim can select by it in the same statement. Book orders are goods, in another table,
 * and never reach it. `:giftAidEarliest` is the first day still inside HMRC's four-year claim window. A refund after
 * the claim, in full or in part, needs declaring; a gift refunded in part before it stays Eligible on what was kept.
 */
function verdictSql(d: string): string {
  return `CASE
    WHEN EXISTS (SELECT 1 FROM donation_refunds r WHERE r.donation_id = ${d}.id AND ${pendingRefundSql('r', d)}) THEN 'NeedsAdjustment'
    WHEN ${uncoveredAfterClaimSql(d)} AND ${d}.gift_aid_adjustment_claim_id IS NULL THEN 'Uncovered'
    WHEN ${uncoveredAfterClaimSql(d)} THEN 'UncoveredAdjusted'
    WHEN ${d}.gift_aid_claim_id IS NOT NULL AND ${d}.status = 'Refunded' THEN 'Adjusted'
    WHEN ${d}.gift_aid_claim_id IS NOT NULL THEN 'Claimed'
    WHEN ${d}.gift_aid IS FALSE THEN 'Refused'
    WHEN ${coveringSql(d)} IS NULL THEN CASE
      WHEN EXISTS (SELECT 1 FROM gift_aid_declarations g WHERE ${coverable(d)} AND g.cancelled_at <= ${at(d)}) THEN 'Cancelled'
      WHEN EXISTS (SELECT 1 FROM gift_aid_declarations g WHERE ${coverable(d)} AND ${voidedSql}) THEN 'Voided'
      ELSE 'NoDeclaration' END
    WHEN ${d}.status = 'Refunded' THEN 'Refunded'
    WHEN ${d}.status <> 'Paid' THEN 'NotPaid'
    WHEN ${d}.currency <> 'GBP' AND ${d}.sterling_amount_minor IS NULL THEN 'NotGbp'
    WHEN ${day(d)} < CAST(:giftAidEarliest AS date) THEN 'TooOld'
    ELSE 'Eligible' END`;
}

/** The declaration covering a donation (`d`) when it was made: the one given with it, else the enduring one then in force. */
export const coveringSql = (d: string): string =>
  `(SELECT g.id FROM gift_aid_declarations g WHERE ${coverable(d)} AND (g.cancelled_at IS NULL OR (g.cancelled_at > ${at(d)} AND NOT ${voidedSql})) ` +
  `ORDER BY (g.id = ${d}.gift_aid_declaration_id) DESC, g.created_at, g.id LIMIT 1)`;

/**
 * A gift (`d`) sent to HMRC in a claim that no declaration covers any more: an oral one voided within its 30 days, or
 * a cancellation recorded late and dated before the gift. All the Gift Aid claimed on it was over-claimed. A Draft's
 * gift is not: the Draft cannot be sent (claim.service.ts) and is made again.
 */
export const uncoveredAfterClaimSql = (d: string): string =>
  `(EXISTS (SELECT 1 FROM gift_aid_claims c WHERE c.id = ${d}.gift_aid_claim_id AND c.status IN ('Submitted', 'Paid')) AND ${coveringSql(d)} IS NULL)`;

@Injectable()
export class GiftAidStatusService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly loaders: LoaderFactory,
    private readonly siteSettings: SiteSettingsService,
  ) {}

  onModuleInit() {
    this.loaders.register('giftAidState', async (ids) => {
      const rows: { id: number; verdict: Verdict }[] = await this.dataSource
        .createQueryBuilder()
        .select('d.id', 'id')
        .addSelect(verdictSql('d'), 'verdict')
        .from('donations', 'd')
        .where('d.id IN (:...ids)', { ids })
        .setParameters(this.parameters())
        .getRawMany();
      return byKeys(ids, rows, (row) => row.id).map((row) => (row ? stateOf(row.verdict) : null));
    });
  }

  /** The SQL condition "donation `d` has this status", with the parameters it needs. */
  condition(d: string, status: GiftAidStatus): { sql: string; parameters: Record<string, unknown> } {
    const verdicts = (Object.keys(VERDICTS) as Verdict[]).filter((verdict) => VERDICTS[verdict][0] === status);
    return { sql: `(${verdictSql(d)}) IN (:...giftAidVerdicts)`, parameters: { ...this.parameters(), giftAidVerdicts: verdicts } };
  }

  /** The four-year window counted from the end of the charity's Gift Aid period, as of London's today. */
  parameters(): Record<string, unknown> {
    return { giftAidEarliest: earliestClaimableDay(londonDay(new Date()), this.siteSettings.periodSettings()) };
  }
}

const stateOf = (verdict: Verdict): GiftAidState => ({ status: VERDICTS[verdict][0], reason: VERDICTS[verdict][1] });
