import { describe, expect, it } from 'vitest';
import { formatId, formatMoney, plainText } from './format';

describe('formatting', () => {
  it("shows record ids as '000' followed by the id", () => {
    expect(formatId(7)).toBe('0007');
    expect(formatId('152')).toBe('000152');
    expect(formatId(undefined)).toBe('');
  });

  it('shows amounts as 0,0.00 with the currency sign', () => {
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(12, 'gbp')).toBe('£12.00');
    expect(formatMoney('0.5')).toBe('£0.50');
    expect(formatMoney(1000000, 'USD')).toBe('US$1,000,000.00');
    expect(formatMoney(null)).toBe('');
  });

  it('previews rich text as plain text', () => {
    expect(plainText('<p>Jesus <strong>loves</strong> you</p><p>Amen</p>')).toBe('Jesus loves you Amen');
    expect(plainText('<p>' + 'word '.repeat(50) + '</p>', 20)).toBe('word word word word…');
  });
});
