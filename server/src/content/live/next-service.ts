import { DateTime } from 'luxon';
import { LONDON } from '../posts/program-schedule.js';

/** An entry of the site settings' weekly schedule (`site/`'s `ScheduleEntry`), as stored. */
export interface ScheduleEntry {
  day: string;
  activity: string;
  opens: string;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** What a service is called in a weekly schedule: "Sunday service", "Evening worship", "Holy Communion". */
const LOOKS_LIKE_A_SERVICE = /\b(service|worship|communion|mass)\b/i;

/** The next start of a weekly entry after `now`, in London (its clocks change; the entry's time does not). */
function nextStartOf(entry: ScheduleEntry, now: DateTime): DateTime | null {
  const weekday = WEEKDAYS.indexOf(entry.day) + 1;
  const [hour, minute] = entry.opens.split(':').map(Number);
  if (!weekday || !Number.isInteger(hour) || !Number.isInteger(minute)) return null;
  const today = now.setZone(LONDON).startOf('day');
  for (let days = 0; days <= 7; days++) {
    const day = today.plus({ days });
    if (day.weekday !== weekday) continue;
    const start = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: LONDON });
    if (start > now) return start;
  }
  return null;
}

/** The next service of the week after `now`: the soonest entry that looks like a service, else the soonest entry. */
export function nextService(schedule: readonly ScheduleEntry[], now: Date): { name: string; startsAt: Date } | null {
  const at = DateTime.fromJSDate(now);
  const upcoming = schedule
    .flatMap((entry) => {
      const start = nextStartOf(entry, at);
      return start ? [{ name: entry.activity, startsAt: start.toJSDate() }] : [];
    })
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return upcoming.find((entry) => LOOKS_LIKE_A_SERVICE.test(entry.name)) ?? upcoming[0] ?? null;
}
