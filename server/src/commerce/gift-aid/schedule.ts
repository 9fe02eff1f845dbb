import XLSX from 'xlsx';
import { csvLine, csvNumber, csvText } from '../../common/csv.js';
import { toPayPalValue } from '../money.js';

/**
 * HMRC's Charities Online Gift Aid schedule: its columns, the rules for each cell, and the files a claim is sent
 * as (CSV and OpenDocument, at most 1,000 rows each). Pure functions of the stored rows, so a claim downloaded
 * again is the same bytes.
 */

export const SCHEDULE_COLUMNS = [
  'Title',
  'First name',
  'Last name',
  'House name or number',
  'Postcode',
  'Aggregated donations',
  'Sponsored event',
  'Donation date',
  'Amount',
] as const;

/** HMRC's schedule takes at most this many donation rows; a longer claim is sent as several files. */
export const ROWS_PER_FILE = 1000;

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

/** The nine cells of a row, by HMRC's rules. */
export function scheduleCells(row: ScheduleRow): string[] {
  return [
    titleCell(row.title),
    firstNameCell(row.firstName),
    lastNameCell(row.lastName),
    houseCell(row.houseNameOrNumber),
    row.postcode ? postcodeCell(row.postcode) : '',
    upTo(row.aggregated, 35),
    row.sponsored ? 'Yes' : '',
    dateCell(row.donationDate),
    amountCell(row.amountMinor),
  ];
}

/** How many files a claim of `rows` rows needs (one at least, for the header). */
export const partCount = (rows: number): number => Math.max(1, Math.ceil(rows / ROWS_PER_FILE));

/** The rows of file `part` (1-based): 2,345 rows are files of 1,000, 1,000 and 345. */
export const rowsOfPart = <T>(rows: readonly T[], part: number): T[] => rows.slice((part - 1) * ROWS_PER_FILE, part * ROWS_PER_FILE);

/** The amount: the one cell written as a number, the rest as text (names and addresses can never be formulas). */
const AMOUNT_COLUMN = SCHEDULE_COLUMNS.indexOf('Amount');

/** RFC 4180: a header row, one line per donation row, CRLF after each. */
export function scheduleCsv(rows: readonly ScheduleRow[]): Buffer {
  const rowLine = (cells: string[]) => cells.map((cell, column) => (column === AMOUNT_COLUMN ? csvNumber(cell) : csvText(cell))).join(',');
  const lines = [csvLine(SCHEDULE_COLUMNS), ...rows.map((row) => rowLine(scheduleCells(row)))];
  return Buffer.from(lines.map((line) => `${line}\r\n`).join(''), 'utf8');
}

/** The same sheet as OpenDocument, which Charities Online reads; dates are date cells shown DD/MM/YY, amounts numbers. */
export function scheduleOds(rows: readonly ScheduleRow[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([[...SCHEDULE_COLUMNS]]);
  rows.forEach((row, index) => {
    const cells = scheduleCells(row);
    const r = index + 1;
    cells.slice(0, 7).forEach((value, c) => {
      if (value) sheet[XLSX.utils.encode_cell({ r, c })] = { t: 's', v: value };
    });
    const [year, month, date] = row.donationDate.split('-').map(Number);
    sheet[XLSX.utils.encode_cell({ r, c: 7 })] = { t: 'd', v: new Date(Date.UTC(year, month - 1, date)), z: 'dd/mm/yy', w: cells[7] };
    sheet[XLSX.utils.encode_cell({ r, c: 8 })] = { t: 'n', v: row.amountMinor / 100, z: '0.00', w: cells[8] };
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: SCHEDULE_COLUMNS.length - 1 } });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Schedule');
  return XLSX.write(book, { bookType: 'ods', type: 'buffer', compression: true }) as Buffer;
}
