/** Dates as HMRC counts them: calendar days in London, and UK tax years running 6 April to 5 April. */

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in London of an instant, as `YYYY-MM-DD`. */
export const londonDay = (instant: Date): string => LONDON_DAY.format(instant);

/** The tax year a day (`YYYY-MM-DD`) falls in, named by the year it starts: 2026-04-05 → 2025, 2026-04-06 → 2026. */
export function taxYearOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return month > 4 || (month === 4 && date >= 6) ? year : year - 1;
}

/** First and last day of the tax year starting in `year`: 2025 → 2025-04-06 … 2026-04-05. */
export const taxYearBounds = (year: number) => ({ from: `${year}-04-06`, to: `${year + 1}-04-05` });

/** "2025-26", as HMRC writes a tax year. */
export const taxYearLabel = (year: number): string => `${year}-${String((year + 1) % 100).padStart(2, '0')}`;

/** A day `years` calendar years before or after (29 February becomes 28 February). */
export function shiftYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const shifted = new Date(Date.UTC(year + years, month - 1, date));
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` naming a day that exists (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10) === day;
}
