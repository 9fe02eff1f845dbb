import { describe, expect, it } from 'vitest';
import { fromLondonInput, toLondonInput } from './londonTime';

describe('London time in the date-time inputs', () => {
  it('reads a typed time as London’s, in winter and in summer', () => {
    expect(fromLondonInput('2026-12-06T10:30')).toBe('2026-12-06T10:30:00.000Z');
    expect(fromLondonInput('2027-07-04T10:30')).toBe('2027-07-04T09:30:00.000Z');
  });

  it('takes the clocks going forward and back into account', () => {
    expect(fromLondonInput('2027-03-28T03:00')).toBe('2027-03-28T02:00:00.000Z');
    expect(fromLondonInput('2027-03-28T00:30')).toBe('2027-03-28T00:30:00.000Z');
    expect(fromLondonInput('2026-10-25T02:30')).toBe('2026-10-25T02:30:00.000Z');
  });

  it('shows an instant as London’s wall-clock time, and leaves an empty value empty', () => {
    expect(toLondonInput('2027-07-04T09:30:00.000Z')).toBe('2027-07-04T10:30');
    expect(toLondonInput(null)).toBe('');
    expect(fromLondonInput('')).toBeNull();
  });
});
