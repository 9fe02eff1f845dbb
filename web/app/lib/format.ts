const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SYMBOLS: Record<string, string> = { GBP: '£', USD: '$' };

/** Spec §9: prices read `0,0.00`, here with the currency's symbol in front (£1,234.50). */
export function formatMoney(amount: number, currency = 'GBP'): string {
  return `${SYMBOLS[currency] ?? `${currency} `}${money.format(amount)}`;
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

const dateTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** When an event starts, in London: "Wednesday 2 December 2026 at 19:00". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
