import { SCHEDULE_COLUMNS, type ScheduleColumn, type ScheduleField } from '@ministry/shared';
import type XLSX from 'xlsx';
import { csvNumber, csvText } from '../../common/csv.js';
import { minorToDecimal, toPayPalValue } from '../money.js';

// The columns (names, headings, sheet columns, kinds) are declared once in the shared vocabulary, which the
// console's claim table reads too; the rule for each cell is the server's, keyed by column name.
export { SCHEDULE_COLUMNS, type ScheduleCellKind, type ScheduleColumn } from '@ministry/shared';

/**
 * HMRC's Charities Online Gift Aid schedule: the rules for each cell, and the files a claim is sent
 * as: the OpenDocument sheet HMRC's template lays out (shared/hmrc/README.md), and a CSV of the same nine columns
 * for those who paste into the template. Pure functions of the stored claim, so a claim downloaded again is the
 * same bytes.
 */

/** HMRC's schedule takes at most this many donation rows ("Stay within the maximum of 1,000 rows of donations"). */
export const ROWS_PER_CLAIM = 1000;

/** Written in the postcode cell for a UK taxpayer living abroad, whose address then goes in the house cell. */
export const ABROAD_POSTCODE = 'X';

/**
 * The characters a declaration's name and address may hold, checked when the declaration is made so every cell
 * of a schedule is plain data. HMRC's schedule (shared/hmrc/README.md, read from the template's cells) asks for
 * a "First name or initial, up to 35 characters", a "Last name, up to 35 characters; double-barrelled: a space,
 * not a hyphen", a "House name or number, up to 40 characters; for a donor abroad the address", and "Don't include
 * blank spaces or other characters at the start or end of boxes"; its examples are "Prof Henry House Martin 152A",
 * "Mr John Smith 100 Champs Elysees, Paris", "Miss B Chaudry 21". It names no character set beyond that, so these
 * are the narrowest sets that still write real names: a name is letters (any alphabet, with accents) and the
 * space, apostrophe, hyphen and full stop names use, starting with a letter; an address adds digits and
 * , / & ( ), starting with a letter or digit. Neither can start a formula, hold a tab or a line break.
 */
export const NAME_PATTERN = /^ *\p{L}[\p{L}\p{M} '’.-]* *$/u;
export const HOUSE_PATTERN = /^ *[\p{L}0-9][\p{L}\p{M}0-9 '’.,/&()-]* *$/u;
export const NAME_CHARACTERS = 'letters, spaces, hyphens, apostrophes and full stops, starting with a letter';
export const HOUSE_CHARACTERS = 'letters, digits, spaces and . , \' - / & ( ), starting with a letter or digit';

/** One row as stored with its claim. */
export interface ScheduleRow {
  title: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode: string;
  aggregated: string;
  sponsored: boolean;
  /** `YYYY-MM-DD`. */
  donationDate: string;
  amountMinor: number;
}

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();
const upTo = (text: string, length: number): string => clean(clean(text).slice(0, length));

/** At most 4 characters ("Rev", "Prof"), else blank: HMRC rejects a longer title rather than cutting it. */
export const titleCell = (title: string): string => (clean(title).length <= 4 ? clean(title) : '');
/** HMRC's template: "up to 35 characters with no spaces, or just enter an initial", so a first name of two words keeps the first. */
export const firstNameCell = (name: string): string => upTo(clean(name).split(' ')[0], 35);
/** A double-barrelled name is written with a space: House-Martin → House Martin. */
export const lastNameCell = (name: string): string => upTo(name.replace(/-/g, ' '), 35);
export const houseCell = (house: string): string => upTo(house, 40);
/** Capitals with one space before the inward code: sw1a1aa → SW1A 1AA. */
export function postcodeCell(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  if (compact === ABROAD_POSTCODE || compact.length < 5) return compact;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
/** 2026-04-05 → 05/04/26. */
export function dateCell(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year.slice(2)}`;
}
/** 1050 → 10.50, no £ sign; nothing (never 0.00) when there is no amount. */
export const amountCell = (minor: number): string => (minor > 0 ? toPayPalValue(minor) : '');

/** The cell's value by HMRC's rules, for each column the shared schedule declares: text, or the day or pence of a date or amount cell. */
const CELL_RULES: { readonly [F in ScheduleField]: (row: ScheduleRow) => string | number } = {
  title: (row) => titleCell(row.title),
  firstName: (row) => firstNameCell(row.firstName),
  lastName: (row) => lastNameCell(row.lastName),
  houseNameOrNumber: (row) => houseCell(row.houseNameOrNumber),
  postcode: (row) => (row.postcode ? postcodeCell(row.postcode) : ''),
  aggregatedDonations: (row) => upTo(row.aggregated, 35),
  sponsoredEvent: (row) => (row.sponsored ? 'Yes' : ''),
  donationDate: (row) => row.donationDate,
  amount: (row) => row.amountMinor,
};

const cellValue = (column: ScheduleColumn, row: ScheduleRow): string | number => CELL_RULES[column.field](row);

/** A cell as text, as the CSV and the API write it. */
export function cellText(column: ScheduleColumn, row: ScheduleRow): string {
  const value = cellValue(column, row);
  if (column.kind === 'date') return dateCell(String(value));
  if (column.kind === 'amount') return amountCell(Number(value));
  return String(value);
}

/** A row's cells by field name (`{ title: 'Mrs', …, amount: '10.00' }`). */
export const scheduleCells = (row: ScheduleRow): Record<ScheduleField, string> =>
  Object.fromEntries(SCHEDULE_COLUMNS.map((column) => [column.field, cellText(column, row)])) as Record<ScheduleField, string>;

/** RFC 4180: a header row, one line per donation row, CRLF after each; amounts are numbers, the rest text. */
export function scheduleCsv(rows: readonly ScheduleRow[]): Buffer {
  const header = SCHEDULE_COLUMNS.map((column) => csvText(column.heading)).join(',');
  const line = (row: ScheduleRow) =>
    SCHEDULE_COLUMNS.map((column) => (column.kind === 'amount' ? csvNumber(cellText(column, row)) : csvText(cellText(column, row)))).join(',');
  return Buffer.from([header, ...rows.map(line)].map((text) => `${text}\r\n`).join(''), 'utf8');
}

/** What a claim's sheet holds besides its rows: Box 1 and Box 2. */
export interface ScheduleSheet {
  rows: readonly ScheduleRow[];
  /** Box 1: the earliest donation date in the claim, aggregated rows' earliest gifts included; null when none. */
  earliestDonationDate: string | null;
  /** Box 2: tax over-claimed before, in pence; 0 leaves the box blank. */
  overclaimedTaxMinor: number;
}

/** HMRC's sheet name: "Don't change the layout of the schedule or change the name of the worksheet". */
export const SHEET_NAME = 'R68GAD_V1_00_0_EN';
export const BOX_1_CELL = 'D13';
export const BOX_2_CELL = 'D17';
export const HEADING_ROW = 23;
export const FIRST_DATA_ROW = 25;
const ITEM_COLUMN = 'B';

/** The template's own texts around Box 1, Box 2 and the table, at its cells, so a treasurer recognises the sheet. */
export const TEMPLATE_TEXTS: Readonly<Record<string, string>> = {
  B1: 'Gift Aid donations schedule',
  D12: 'Earliest donation date in the period of claim. (DD/MM/YY)',
  F12: 'For aggregated donations, this date may be earlier than any date entered in the donation date column of the donations schedule table below.',
  C13: 'Box 1',
  D16: 'Previously over-claimed amount. Leave blank if none',
  F16: 'Make sure you show the tax not the donation. This amount will be deducted from your claim.',
  C17: 'Box 2',
  D18: "Don't use a £ sign",
  B19: 'The total below is automatically calculated from the amounts you enter in the schedule.',
  H20: 'Total donations:',
  B21: 'Donations schedule table',
  B23: 'Item',
  I24: ' (Yes/blank)',
  J24: ' (DD/MM/YY)',
  B1025: "Stop! If you try to enter more than 1,000 rows of donations, you'll get an error message and you won't be able to submit your claim.",
  B1026: 'You will need to submit this claim with up to 1,000 rows of donations and then make another claim',
};

const LAST_DATA_ROW = FIRST_DATA_ROW + ROWS_PER_CLAIM - 1;
const dateValue = (day: string): XLSX.CellObject => {
  const [year, month, date] = day.split('-').map(Number);
  return { t: 'd', v: new Date(Date.UTC(year, month - 1, date)), z: 'dd/mm/yy', w: dateCell(day) };
};
const amountValue = (minor: number): XLSX.CellObject => ({ t: 'n', v: minorToDecimal(minor), z: '0.00', w: toPayPalValue(minor) });

/**
 * The claim as HMRC's template lays it out: one sheet named as HMRC's, Box 1 and Box 2 with their labels, the
 * headings on row 23 and items 1 to 1,000 in column B, the rows from row 25; dates are date cells shown DD/MM/YY,
 * amounts numbers, the rest text (names and addresses can never be formulas).
 */
export async function scheduleOds(claim: ScheduleSheet): Promise<Buffer> {
  if (claim.rows.length > ROWS_PER_CLAIM) throw new Error(`a schedule holds at most ${ROWS_PER_CLAIM} rows, not ${claim.rows.length}`);
  const sheet: XLSX.WorkSheet = {};
  for (const [cell, text] of Object.entries(TEMPLATE_TEXTS)) sheet[cell] = { t: 's', v: text };
  if (claim.earliestDonationDate) sheet[BOX_1_CELL] = dateValue(claim.earliestDonationDate);
  if (claim.overclaimedTaxMinor > 0) sheet[BOX_2_CELL] = amountValue(claim.overclaimedTaxMinor);
  const total = claim.rows.reduce((sum, row) => sum + row.amountMinor, 0);
  sheet.J20 = { t: 'n', v: minorToDecimal(total), f: `SUM(K${FIRST_DATA_ROW}:K${LAST_DATA_ROW})`, z: '0.00' };
  for (const column of SCHEDULE_COLUMNS) sheet[`${column.sheetColumn}${HEADING_ROW}`] = { t: 's', v: column.heading };
  for (let item = 1; item <= ROWS_PER_CLAIM; item++) sheet[`${ITEM_COLUMN}${FIRST_DATA_ROW + item - 1}`] = { t: 'n', v: item };
  claim.rows.forEach((row, index) => {
    for (const column of SCHEDULE_COLUMNS) {
      const cell = `${column.sheetColumn}${FIRST_DATA_ROW + index}`;
      const value = cellValue(column, row);
      if (column.kind === 'date') sheet[cell] = dateValue(String(value));
      else if (column.kind === 'amount') sheet[cell] = amountValue(Number(value));
      else if (value) sheet[cell] = { t: 's', v: String(value) };
    }
  });
  sheet['!ref'] = `A1:K${LAST_DATA_ROW + 2}`;
  // Loaded on the first schedule, not at start: the spreadsheet library is a third of a second to load.
  const { utils, write } = (await import('xlsx')).default;
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, SHEET_NAME);
  return write(book, { bookType: 'ods', type: 'buffer', compression: true }) as Buffer;
}
