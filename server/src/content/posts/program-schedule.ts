import { DateTime } from 'luxon';
import rrule from 'rrule';

// rrule ships CommonJS without an exports map: Node hands ESM its module.exports as the default.
const { RRule } = rrule;

/** Programs happen in London: their times are shown there and their recurrence follows its clocks. */
export const LONDON = 'Europe/London';

export interface ProgramTimes {
  startsAt: Date | null;
  endsAt: Date | null;
  recurrence: string | null;
}

/**
 * rrule counts in UTC, where a weekly 7pm would drift by an hour across the clock change. So the rule runs
 * on "floating" London wall-clock times (UTC fields holding London's local time) and each occurrence is
 * turned back into an instant with London's offset on that day.
 */
const toFloating = (instant: Date) => {
  const wall = DateTime.fromJSDate(instant, { zone: LONDON });
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
};
const fromFloating = (floating: Date) =>
  DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
    },
    { zone: LONDON },
  ).toJSDate();

/**
 * An RRULE value (`FREQ=WEEKLY;BYDAY=WE`, with or without the `RRULE:` prefix) in rrule's normal form, or an
 * error message a person can act on. DTSTART comes from `startsAt`, so a rule may not carry its own.
 */
export function normaliseRecurrence(value: string): { rule: string } | { error: string } {
  const text = value.trim().replace(/^RRULE:/i, '');
  if (/[\r\n]|DTSTART/i.test(text)) return { error: 'recurrence must be one RRULE (the start comes from startsAt)' };
  try {
    const options = RRule.parseString(text);
    if (options.freq === undefined || RRule.FREQUENCIES[options.freq] === undefined) return { error: 'recurrence must say how often, e.g. FREQ=WEEKLY;BYDAY=WE' };
    const rule = new RRule(options);
    if (!rule.after(new Date(0))) return { error: 'recurrence never happens' };
    return { rule: RRule.optionsToString(options).replace(/^RRULE:/, '') };
  } catch {
    return { error: 'recurrence is not a valid RRULE (RFC 5545), e.g. FREQ=WEEKLY;BYDAY=WE' };
  }
}

function ruleOf(times: ProgramTimes & { startsAt: Date; recurrence: string }) {
  return new RRule({ ...RRule.parseString(times.recurrence), dtstart: toFloating(times.startsAt) });
}

const durationOf = (times: ProgramTimes) => (times.startsAt && times.endsAt ? times.endsAt.getTime() - times.startsAt.getTime() : 0);

/** A recurrence in words, e.g. "every week on Wednesday"; null when there is none. */
export function describeRecurrence(recurrence: string | null): string | null {
  if (!recurrence) return null;
  try {
    return RRule.fromString(recurrence).toText();
  } catch {
    return null;
  }
}

/** The start of the occurrence under way at `now` or the next one; null when undated or over. */
export function nextStart(times: ProgramTimes, now: Date): Date | null {
  if (!times.startsAt) return null;
  const duration = durationOf(times);
  if (!times.recurrence) return times.startsAt.getTime() + duration >= now.getTime() ? times.startsAt : null;
  const next = ruleOf({ ...times, startsAt: times.startsAt, recurrence: times.recurrence }).after(toFloating(new Date(now.getTime() - duration)), true);
  return next ? fromFloating(next) : null;
}

/** Where "upcoming programs" sort a program: its next start, or its first one once it is over. */
export const sortStart = (times: ProgramTimes, now: Date): Date | null => nextStart(times, now) ?? times.startsAt;

/** When the program is over (its last occurrence ends); null when undated or when it repeats for ever. */
export function overAt(times: ProgramTimes): Date | null {
  if (!times.startsAt) return null;
  const duration = durationOf(times);
  if (!times.recurrence) return new Date(times.startsAt.getTime() + duration);
  const rule = ruleOf({ ...times, startsAt: times.startsAt, recurrence: times.recurrence });
  if (!rule.options.count && !rule.options.until) return null;
  const last = rule.all().at(-1);
  return last ? new Date(fromFloating(last).getTime() + duration) : times.startsAt;
}

export const endOf = (start: Date | null, times: ProgramTimes) => (start && times.endsAt ? new Date(start.getTime() + durationOf(times)) : null);

/** The starts of the occurrences that begin at or after `from`, at most `limit`, earliest first. */
export function occurrenceStarts(times: ProgramTimes, from: Date, limit: number): Date[] {
  if (!times.startsAt) return [];
  if (!times.recurrence) return times.startsAt.getTime() >= from.getTime() ? [times.startsAt] : [];
  const rule = ruleOf({ ...times, startsAt: times.startsAt, recurrence: times.recurrence });
  const starts: Date[] = [];
  let cursor = toFloating(from);
  let inclusive = true;
  while (starts.length < limit) {
    const next = rule.after(cursor, inclusive);
    if (!next) break;
    starts.push(fromFloating(next));
    cursor = next;
    inclusive = false;
  }
  return starts;
}

/** Whether `start` is the start of one of the program's occurrences. */
export function isOccurrence(times: ProgramTimes, start: Date): boolean {
  return occurrenceStarts(times, start, 1)[0]?.getTime() === start.getTime();
}
