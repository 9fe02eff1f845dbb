/**
 * CSV cells as data, never as instructions to the spreadsheet that opens the file. Excel, LibreOffice and Google
 * Sheets run a cell that begins with = + - @ (or a tab, carriage return or line feed before one) as a formula, so a donor
 * named `=HYPERLINK(...)` would be a live link in a staff member's spreadsheet (OWASP "CSV injection"). Every CSV
 * the server writes goes through these functions, and the console's list exports through `spreadsheetText`.
 */

const FORMULA_START = /^[=+\-@\t\r\n]/;
/** RFC 4180's comma, quote and line breaks, and the semicolon that spreadsheets in many locales split fields at (OWASP). */
const NEEDS_QUOTES = /[",;\r\n]/;
/** What `csvNumber` lets through: digits, an optional sign and decimals (a spreadsheet reads it as a number). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const quoted = (cell: string): string => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Text a spreadsheet shows as text: a leading `'` makes a would-be formula text (spreadsheets hide the `'`). */
export const spreadsheetText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A text cell: spreadsheet text, then RFC 4180 quoting. */
export const csvText = (text: string): string => quoted(spreadsheetText(text));

/**
 * A number the server computed (`-12.50`), written as it is: prefixed it would become text that SUM skips, and
 * a total sent from it would be wrong. Anything but a plain number here is a bug, never user input, so it throws.
 */
export function csvNumber(number: string): string {
  if (number !== '' && !PLAIN_NUMBER.test(number)) throw new Error(`CSV cell "${number}" is not a number`);
  return number;
}

/** A line of text cells (without its line end). */
export const csvLine = (cells: readonly string[]): string => cells.map(csvText).join(',');
