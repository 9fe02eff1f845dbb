import { describe, expect, it } from '@jest/globals';
import { CharityType, isYearEnd } from '../../site/index.js';
import { aggregationPeriod, earliestClaimableDay, keepUntil, periodOf } from './accounting-period.js';

const trust = { charityType: CharityType.Trust, accountingYearEnd: '12-31' };
const taxYearCio = { charityType: CharityType.CIO, accountingYearEnd: '04-05' };
const calendarCio = { charityType: CharityType.CIO, accountingYearEnd: '12-31' };
const marchCompany = { charityType: CharityType.CharitableCompany, accountingYearEnd: '03-31' };

describe('the Gift Aid period of a day', () => {
  it('is the tax year for a trust, whatever its accounts say', () => {
    expect(periodOf('2026-04-05', trust)).toEqual({ from: '2025-04-06', to: '2026-04-05', label: '2025-26' });
    expect(periodOf('2026-04-06', trust)).toEqual({ from: '2026-04-06', to: '2027-04-05', label: '2026-27' });
  });

  it("is the charity's own accounting year for a CIO or a company", () => {
    expect(periodOf('2025-01-01', calendarCio)).toEqual({ from: '2025-01-01', to: '2025-12-31', label: '2025' });
    expect(periodOf('2025-12-31', calendarCio)).toEqual({ from: '2025-01-01', to: '2025-12-31', label: '2025' });
    expect(periodOf('2025-03-31', marchCompany)).toEqual({ from: '2024-04-01', to: '2025-03-31', label: '2024-25' });
    expect(periodOf('2025-04-01', marchCompany)).toEqual({ from: '2025-04-01', to: '2026-03-31', label: '2025-26' });
    expect(aggregationPeriod('2026-04-05', taxYearCio)).toBe('2025-26');
    expect(aggregationPeriod('2025-06-01', calendarCio)).toBe('2025');
  });

  it('ends on 28 February in a leap year for a 28 February year end', () => {
    const february = { charityType: CharityType.CIO, accountingYearEnd: '02-28' };
    expect(periodOf('2024-02-29', february)).toEqual({ from: '2024-02-29', to: '2025-02-28', label: '2024-25' });
  });
});

describe("HMRC's four-year claim window", () => {
  it('reaches back to the oldest period that ended at most four years ago', () => {
    // Tax year 2021-22 ended 5 April 2022: claimable until 5 April 2026 and no longer.
    expect(earliestClaimableDay('2026-04-05', trust)).toBe('2021-04-06');
    expect(earliestClaimableDay('2026-04-06', trust)).toBe('2022-04-06');
    expect(earliestClaimableDay('2026-11-25', trust)).toBe('2022-04-06');
    // Calendar year 2021 ended 31 December 2021: claimable until 31 December 2025.
    expect(earliestClaimableDay('2025-12-31', calendarCio)).toBe('2021-01-01');
    expect(earliestClaimableDay('2026-01-01', calendarCio)).toBe('2022-01-01');
    expect(earliestClaimableDay('2026-11-25', calendarCio)).toBe('2022-01-01');
    expect(earliestClaimableDay('2026-11-25', marchCompany)).toBe('2022-04-01');
  });
});

describe('how long Gift Aid records are kept', () => {
  it('is six years after the end of the period of the last gift', () => {
    expect(keepUntil('2025-05-01', trust)).toBe('2032-04-05');
    expect(keepUntil('2025-05-01', calendarCio)).toBe('2031-12-31');
  });
});

describe('an accounting year end', () => {
  it('is a day of every year, written MM-DD', () => {
    expect(isYearEnd('12-31')).toBe(true);
    expect(isYearEnd('04-05')).toBe(true);
    expect(isYearEnd('02-28')).toBe(true);
    expect(isYearEnd('02-29')).toBe(false);
    expect(isYearEnd('04-31')).toBe(false);
    expect(isYearEnd('13-01')).toBe(false);
    expect(isYearEnd('4-5')).toBe(false);
  });
});
