import { defaultExporter, type Exporter } from 'react-admin';
// The server's rule for a text cell, so the console's exports and the server's files (the Gift Aid schedule) agree.
import { spreadsheetText } from '../../../server/src/common/csv';

/** A record with every text in it (nested ones too) as a spreadsheet shows text, never runs it as a formula. */
export function asSpreadsheetData(value: unknown): unknown {
  if (typeof value === 'string') return spreadsheetText(value);
  if (Array.isArray(value)) return value.map(asSpreadsheetData);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, asSpreadsheetData(field)]));
  return value;
}

/**
 * A list's CSV export: react-admin's own, over records whose texts are data. A member named `=HYPERLINK(…)`, or
 * a payer name PayPal reports, stays a name in the spreadsheet Finance opens.
 */
export const spreadsheetExporter: Exporter = (records, ...rest) => defaultExporter(records.map(asSpreadsheetData), ...rest);
