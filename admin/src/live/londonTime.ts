const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The London wall-clock time of an instant, as a date-time input holds it: `2026-11-29T10:30`. */
export function toLondonInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const parts = Object.fromEntries(LONDON.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes London is ahead of UTC at an instant (0 in winter, 60 in summer). */
const londonOffset = (instant: number) => (Date.parse(`${toLondonInput(new Date(instant).toISOString())}:00Z`) - instant) / 60_000;

/**
 * The instant of a London wall-clock time typed in a date-time input, whatever the zone of the computer it is
 * typed on; null for an empty or unreadable value.
 */
export function fromLondonInput(local: string | null | undefined): string | null {
  const asUtc = local ? Date.parse(`${local}:00Z`) : Number.NaN;
  if (Number.isNaN(asUtc)) return null;
  const guess = asUtc - londonOffset(asUtc) * 60_000;
  // Near a clock change the offset at the guess may differ from the one first read: take the one at the guess.
  return new Date(asUtc - londonOffset(guess) * 60_000).toISOString();
}

/** "Sunday 29 November, 10:30", in London time. */
export const londonWords = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
