/**
 * The charity's accounting year as its settings hold it: how it is set up and the year's last day. Gift Aid counts
 * its periods from these (commerce's `accounting-period.ts`); the settings check a year end here when it is saved.
 */
import type { CharityType } from './site-settings.entity.js';

/** What of the site settings the periods depend on. `accountingYearEnd` is `MM-DD`, the last day of the year. */
export interface PeriodSettings {
  charityType: CharityType;
  accountingYearEnd: string;
}

/** The tax year's last day, and so the default accounting year end. */
export const TAX_YEAR_END = '04-05';

/** `MM-DD` that is a day of every year (29 February is not: a year end on it has no end three years in four). */
export function isYearEnd(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [month, date] = [Number(match[1]), Number(match[2])];
  return month >= 1 && month <= 12 && date >= 1 && date <= new Date(Date.UTC(2025, month, 0)).getUTCDate();
}
