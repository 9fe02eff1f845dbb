/** PayPal speaks decimal strings ("12.50"); the emulator checks and shows them in whole minor units. */

/** "12.5" or "12.50" → 1250; anything else (more decimals, not a number) → undefined. */
export function fromPayPalValue(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^-?\d{1,10}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value.startsWith('-') ? -minor : minor;
}

/** 1250 → "12.50". */
export function toPayPalValue(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.5", GBP → "£12.50" for the buyer; a value PayPal would refuse is shown as it came. */
export function formatMoney(value: string | undefined, currency: string): string {
  const minor = fromPayPalValue(value);
  if (minor === undefined) return `${value ?? '?'} ${currency}`;
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}

/** The emulated seller's account is held in pounds; a capture in another currency is converted at this rate. */
export const ACCOUNT_CURRENCY = 'GBP';
export const USD_TO_GBP = '0.7850';

/**
 * The breakdown PayPal adds to a completed capture. The emulator charges no fee, so the net amount is the gross
 * one; a dollar capture is credited in pounds at `USD_TO_GBP`, rounded to the penny.
 */
export function receivableBreakdown(amount: { currency_code: string; value: string }) {
  const gross = { currency_code: amount.currency_code, value: amount.value };
  if (amount.currency_code === ACCOUNT_CURRENCY) return { gross_amount: gross, net_amount: gross };
  const minor = Math.round((fromPayPalValue(amount.value) ?? 0) * Number(USD_TO_GBP));
  return {
    gross_amount: gross,
    net_amount: gross,
    receivable_amount: { currency_code: ACCOUNT_CURRENCY, value: toPayPalValue(minor) },
    exchange_rate: { source_currency: amount.currency_code, target_currency: ACCOUNT_CURRENCY, value: USD_TO_GBP },
  };
}
