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
