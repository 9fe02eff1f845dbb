/** What a column holds: text, a day (`YYYY-MM-DD`, written DD/MM/YY) or an amount in pence (written 10.50). */
export type ScheduleCellKind = 'text' | 'date' | 'amount';

/** One column of HMRC's Gift Aid donations table: its heading (the template's, on row 23) and where it sits. */
export interface ScheduleColumnDeclaration<N extends string = string> {
  /** The field of the GraphQL row type and of the console's claim table. */
  field: N;
  heading: string;
  /** Its column in HMRC's sheet. */
  sheetColumn: string;
  kind: ScheduleCellKind;
}

/** The nine columns, in HMRC's order: the CSV, the sheet, the GraphQL row and the console's table all follow this. */
export const SCHEDULE_COLUMNS = [
  { field: 'title', heading: 'Title', sheetColumn: 'C', kind: 'text' },
  { field: 'firstName', heading: 'First name', sheetColumn: 'D', kind: 'text' },
  { field: 'lastName', heading: 'Last name', sheetColumn: 'E', kind: 'text' },
  { field: 'houseNameOrNumber', heading: 'House name or number', sheetColumn: 'F', kind: 'text' },
  { field: 'postcode', heading: 'Postcode', sheetColumn: 'G', kind: 'text' },
  { field: 'aggregatedDonations', heading: 'Aggregated donations', sheetColumn: 'H', kind: 'text' },
  { field: 'sponsoredEvent', heading: 'Sponsored event', sheetColumn: 'I', kind: 'text' },
  { field: 'donationDate', heading: 'Donation date', sheetColumn: 'J', kind: 'date' },
  { field: 'amount', heading: 'Amount', sheetColumn: 'K', kind: 'amount' },
] as const satisfies readonly ScheduleColumnDeclaration[];

export type ScheduleField = (typeof SCHEDULE_COLUMNS)[number]['field'];
export type ScheduleColumn = (typeof SCHEDULE_COLUMNS)[number];
