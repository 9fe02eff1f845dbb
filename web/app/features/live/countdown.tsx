import { useEffect, useState } from 'react';
import { useHydrated } from '../../components/use-hydrated';
import { useWhenReached } from './when-reached';
import './live.css';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const weekdayAndTime = new Intl.DateTimeFormat('en-GB', { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
const dayAndDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** When, in London and in words: "Sunday 10:30", with the date when it is more than six days away. */
export function whenInWords(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  return (at.getTime() - now > 6 * DAY ? dayAndDate : weekdayAndTime).format(at);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const pad = (value: number) => String(value).padStart(2, '0');

/** What the countdown shows: "2d 03:04:05", or "03:04:05" on the day. */
function clock(left: number): string {
  const days = Math.floor(left / DAY);
  const time = `${pad(Math.floor((left % DAY) / HOUR))}:${pad(Math.floor((left % HOUR) / MINUTE))}:${pad(Math.floor((left % MINUTE) / 1000))}`;
  return days ? `${days}d ${time}` : time;
}

/**
 * What a screen reader is told, coarse enough that it changes rarely: by the hour while more than an hour is left,
 * then every five minutes, then every minute.
 */
function spoken(left: number): string {
  if (left <= 0) return 'Starting now';
  if (left > HOUR) {
    const hours = Math.ceil(left / HOUR);
    const days = Math.floor(hours / 24);
    return `Starts in about ${[days && plural(days, 'day'), hours % 24 && plural(hours % 24, 'hour')].filter(Boolean).join(' and ')}`;
  }
  const minutes = Math.ceil(left / MINUTE);
  return `Starts in about ${plural(minutes > 5 ? Math.ceil(minutes / 5) * 5 : minutes, 'minute')}`;
}

/**
 * The time in words from the server, then, once the page runs, a countdown to it updated every second for the eye,
 * and announced politely, and rarely, to screen readers. `onStart` runs when it reaches the start, then every few
 * seconds while it stays shown.
 */
export function Countdown({ to, onStart }: { to: string; onStart?: () => void }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, new Date(to).getTime() - now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useWhenReached(to, () => onStart?.());
  return (
    <div className="countdown">
      <p className="countdown-when">
        <time dateTime={to}>{whenInWords(to, now)}</time>
      </p>
      {hydrated && (
        <p className="countdown-clock" aria-hidden="true">
          {clock(left)}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {hydrated ? spoken(left) : ''}
      </p>
    </div>
  );
}
