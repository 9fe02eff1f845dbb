/** Record ids (react-admin identifiers: strings or numbers) as the spec shows them: '000' followed by the id. */
export const formatId = (id: unknown): string => ((typeof id === 'string' && id !== '') || typeof id === 'number' ? `000${id}` : '');

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Amounts in the spec's 0,0.00 pattern with the currency sign, e.g. £1,234.50. */
export function formatMoney(amount: unknown, currency = 'GBP'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const code = (currency || 'GBP').toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(code, format);
  }
  return format.format(value);
}

/** Visible text of sanitised post HTML, for short previews in tables. */
export function plainText(html: unknown, max = 120): string {
  if (typeof html !== 'string') return '';
  // A space where a block ends keeps words of consecutive paragraphs apart.
  const spaced = html.replace(/<(\/(?:p|li|h[1-6]|div|blockquote)|br\s*\/?)>/gi, ' <$1>');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A moment in British format with the time, e.g. 21/11/2025, 14:05; '' for anything that is not a date. */
export function formatWhen(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

/** Today in London (`YYYY-MM-DD`): the day the charity's records use, and the latest a past event can be dated. */
export const londonToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
