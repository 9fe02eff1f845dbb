/** Money is kept in whole minor units (pence, cents); PayPal speaks decimal strings ("12.50"). */

export const DONATION_CURRENCIES = ['GBP', 'USD'] as const;
export type DonationCurrency = (typeof DONATION_CURRENCIES)[number];

/** 1250 → "12.50". */
export function toPayPalValue(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5" or "12.50" → 1250; anything else (more decimals, not a number) → undefined. */
export function fromPayPalValue(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^-?\d{1,10}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value.startsWith('-') ? -minor : minor;
}

/** A decimal amount with at most two decimals as minor units (12.5 → 1250); undefined when it has more. */
export function decimalToMinor(amount: number): number | undefined {
  if (!Number.isFinite(amount)) return undefined;
  const minor = Math.round(amount * 100);
  return Math.abs(amount * 100 - minor) < 1e-6 ? minor : undefined;
}

/** 1250 → 12.5, as the API answers money. */
export const minorToDecimal = (minor: number): number => minor / 100;

/** 1250, GBP → "£12.50" for people (receipts, messages). */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}
