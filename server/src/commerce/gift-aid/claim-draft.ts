import type { ClaimPeriodArgs } from './dto/gift-aid.args.js';
import type { PeriodSettings } from '../../site/index.js';
import { aggregationPeriod } from './accounting-period.js';
import type { PendingAdjustment } from './refund-accounting.js';
import { ABROAD_POSTCODE, ROWS_PER_CLAIM, type ScheduleRow } from './schedule.js';

/** An aggregated row may total at most £1,000 (gov.uk: "The total donation on one line cannot be higher than £1,000"). */
const AGGREGATE_ROW_LIMIT = 100_000;

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
  declarationVoided: boolean;
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

/** A donation the claim may include, with the covering declaration's name and address, as read from the database. */
export interface EligibleGift {
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

/** How small gifts are aggregated: the largest gift that may be, and the accounting periods that name a row. */
export interface AggregationSettings {
  limitMinor: number;
  periods: PeriodSettings;
}

/** The claims over a period from its eligible gifts (by day, then id) and the refunds waiting to be declared (oldest first). */
export function buildClaimDraft(period: ClaimPeriodArgs, gifts: EligibleGift[], pending: readonly PendingAdjustment[], settings: AggregationSettings): ClaimDraft {
  const aggregated = period.aggregate ?? false;
  const small = aggregated ? gifts.filter((gift) => gift.sterling <= settings.limitMinor) : [];
  const rows = [...gifts.filter((gift) => !small.includes(gift)).map(donorRow), ...aggregateRows(small, settings.periods)].sort(
    (a, b) => a.donationDate.localeCompare(b.donationDate) || (a.donationId ?? 0) - (b.donationId ?? 0),
  );
  const claims = chunk(rows, ROWS_PER_CLAIM).map(claimPart);

  const fitting = fitInBox2(pending, claims[0]?.taxMinor ?? 0);
  const shares = giftAidShares(fitting.map((adjustment) => adjustment.amountMinor));
  const toAdjustment = (adjustment: PendingAdjustment, taxMinor: number): ClaimAdjustment => ({
    donationId: adjustment.donationId,
    claimId: adjustment.claimId,
    amountMinor: adjustment.amountMinor,
    taxMinor,
    declarationVoided: adjustment.declarationVoided,
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
  const voided = adjustments.filter((adjustment) => adjustment.declarationVoided).length;
  const refunded = adjustments.length - voided;
  const counted = (count: number, noun: string) => `${count} ${noun}${count > 1 ? 's' : ''}`;
  const what = [refunded && counted(refunded, 'refunded donation'), voided && `${counted(voided, 'donation')} whose declaration was void,`].filter(Boolean).join(' and ');
  const note = `Gift Aid over-claimed on ${what} from claim ${claims.join(', ')}`;
  return note.length <= 100 ? note : `${note.slice(0, 97)}...`;
}
