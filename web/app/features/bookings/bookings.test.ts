import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { bookable, occurrenceWords, priceWords } from './bookings';
import { FREE, FULL, OPEN } from './bookings.fixtures';

const NOW = new Date('2026-11-20T12:00:00.000Z');

describe('how an occurrence stands, in words', () => {
  it('counts the places left, one place in the singular', () => {
    expect(occurrenceWords(OPEN, FREE, NOW)).toBe('12 places left');
    expect(occurrenceWords({ ...OPEN, placesLeft: 1 }, FREE, NOW)).toBe('1 place left');
  });

  it('says when booking opens, or that it has closed, when the occurrence is not open', () => {
    const opensAt = '2026-11-25T09:00:00.000Z';
    expect(occurrenceWords({ ...OPEN, open: false }, { ...FREE, opensAt }, NOW)).toBe(`Booking opens on ${formatDateTime(opensAt)}`);
    expect(occurrenceWords({ ...OPEN, open: false }, { ...FREE, opensAt: '2026-11-01T09:00:00.000Z' }, NOW)).toBe('Booking closed');
  });

  it('offers the waiting list of a full occurrence that keeps one, and says a cancelled one is cancelled', () => {
    expect(occurrenceWords(FULL, FREE, NOW)).toBe('Full: join the waiting list');
    expect(occurrenceWords({ ...FULL, waitlist: false }, FREE, NOW)).toBe('Full');
    expect(occurrenceWords({ ...OPEN, cancelled: true, open: false }, FREE, NOW)).toBe('Cancelled');
    expect([OPEN, FULL, { ...FULL, waitlist: false }, { ...OPEN, cancelled: true }].map(bookable)).toEqual([true, true, false, false]);
  });

  it('prices a place, or says it is free', () => {
    expect(priceWords({ price: 0, currency: 'GBP' })).toBe('Free');
    expect(priceWords({ price: 12, currency: 'GBP' })).toBe('£12.00 a place');
    expect(priceWords({ price: 7.5, currency: 'USD' })).toBe('$7.50 a place');
  });
});
