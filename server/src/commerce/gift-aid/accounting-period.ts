/**
 * The periods HMRC counts Gift Aid by. A charity that is a trust pays income tax, so its claims run by the tax year
 * (6 April to 5 April) whatever its accounts say; a CIO, a charitable company or an unincorporated association pays
 * corporation tax, so its claims run by its own accounting period. A claim must reach HMRC within four years of
 * the end of the period the gift was made in, and the records behind it are kept six years after that end.
 */
import { CharityType, type PeriodSettings, TAX_YEAR_END } from '../../site/index.js';
import { shiftYears } from './tax-year.js';

/** One period: its first and last day (`YYYY-MM-DD`) and its name ("2025-26", or "2025" for a calendar year). */
export interface AccountingPeriod {
  from: string;
  to: string;
  label: string;
}

/** The year end Gift Aid counts by: the tax year's for a trust, the charity's own otherwise. */
const giftAidYearEnd = (settings: PeriodSettings): string =>
  settings.charityType === CharityType.Trust ? TAX_YEAR_END : settings.accountingYearEnd;

const nextDay = (day: string): string => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
};

/** The Gift Aid period a day (`YYYY-MM-DD`) falls in: it ends on the first year end on or after that day. */
export function periodOf(day: string, settings: PeriodSettings): AccountingPeriod {
  const yearEnd = giftAidYearEnd(settings);
  const year = Number(day.slice(0, 4));
  const endYear = day.slice(5) <= yearEnd ? year : year + 1;
  const to = `${endYear}-${yearEnd}`;
  const from = nextDay(`${endYear - 1}-${yearEnd}`);
  const startYear = Number(from.slice(0, 4));
  const label = startYear === endYear ? String(startYear) : `${startYear}-${String(endYear % 100).padStart(2, '0')}`;
  return { from, to, label };
}

/** The name of the period gifts of a day are added up in when aggregated: "2025-26" for a tax year, "2025" for a calendar year. */
export const aggregationPeriod = (day: string, settings: PeriodSettings): string => periodOf(day, settings).label;

/**
 * The first day of the oldest period HMRC still takes claims for on `today` (`YYYY-MM-DD`, London's day): the one
 * whose end, four years on, is today or later. That is the period holding the day four years ago.
 */
export const earliestClaimableDay = (today: string, settings: PeriodSettings): string => periodOf(shiftYears(today, -4), settings).from;

/** Until when the records of gifts up to `lastDonationDay` are kept: six years after the end of its period. */
export const keepUntil = (lastDonationDay: string, settings: PeriodSettings): string => shiftYears(periodOf(lastDonationDay, settings).to, 6);
