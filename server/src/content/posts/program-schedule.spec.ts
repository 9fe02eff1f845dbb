import { describe, expect, it } from '@jest/globals';
import { describeRecurrence, nextStart, normaliseRecurrence, overAt } from './program-schedule.js';

const at = (iso: string) => new Date(iso);

describe('program schedule', () => {
  it('keeps a weekly 7pm at 7pm London time across the clock change', () => {
    // Wednesday 22 October 2025, 19:00 BST (18:00 UTC); the clocks go back on Sunday 26 October.
    const times = { startsAt: at('2025-10-22T18:00:00Z'), endsAt: at('2025-10-22T19:30:00Z'), recurrence: 'FREQ=WEEKLY;BYDAY=WE' };
    expect(nextStart(times, at('2025-10-23T12:00:00Z'))?.toISOString()).toBe('2025-10-29T19:00:00.000Z'); // 19:00 GMT
    // The occurrence under way still counts as the next one until it ends.
    expect(nextStart(times, at('2025-10-29T19:45:00Z'))?.toISOString()).toBe('2025-10-29T19:00:00.000Z');
    expect(overAt(times)).toBeNull();
  });

  it('ends a counted series with its last occurrence, and a one-off event when it ends', () => {
    const series = { startsAt: at('2026-01-05T10:00:00Z'), endsAt: at('2026-01-05T11:00:00Z'), recurrence: 'FREQ=DAILY;COUNT=3' };
    expect(overAt(series)?.toISOString()).toBe('2026-01-07T11:00:00.000Z');
    expect(nextStart(series, at('2026-01-08T00:00:00Z'))).toBeNull();
    const once = { startsAt: at('2026-01-05T10:00:00Z'), endsAt: null, recurrence: null };
    expect(overAt(once)?.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(nextStart(once, at('2026-01-05T09:00:00Z'))?.toISOString()).toBe('2026-01-05T10:00:00.000Z');
  });

  it('normalises a valid RRULE and explains an invalid one', () => {
    expect(normaliseRecurrence('RRULE:FREQ=WEEKLY;BYDAY=WE')).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=WE' });
    expect(normaliseRecurrence('FREQ=SOMETIMES')).toHaveProperty('error');
    expect(normaliseRecurrence('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toHaveProperty('error');
    expect(describeRecurrence('FREQ=WEEKLY;BYDAY=WE')).toBe('every week on Wednesday');
  });
});
