import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, whenInWords } from './countdown';

const MINUTE = 60_000;
// A Saturday in British Summer Time: 09:00 UTC is 10:00 in London.
const NOW = new Date('2026-07-04T09:00:00Z').getTime();

describe('the live page’s countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says when in London, in words, with the date once it is more than six days away', () => {
    expect(whenInWords('2026-07-05T09:30:00Z', NOW)).toBe('Sunday 10:30');
    expect(whenInWords('2026-07-12T09:30:00Z', NOW)).toBe('Sunday 12 July at 10:30');
  });

  it('sends only the time in words from the server, with an empty polite live region', () => {
    const html = renderToString(<Countdown to="2026-07-05T09:30:00Z" />);
    expect(html).toContain('Sunday 10:30');
    expect(html).not.toContain('countdown-clock');
    expect(html).toMatch(/aria-live="polite"><\/p>/);
  });

  it('counts down every second for the eye, but tells screen readers only every five minutes in the last hour', async () => {
    render(<Countdown to={new Date(NOW + 12 * MINUTE).toISOString()} />);
    const spoken = () => document.querySelector('[aria-live="polite"]')?.textContent;
    expect(screen.getByText('00:12:00')).toBeTruthy();
    expect(spoken()).toBe('Starts in about 15 minutes');
    await act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByText('00:10:59')).toBeTruthy();
    expect(spoken()).toBe('Starts in about 15 minutes');
    await act(() => vi.advanceTimersByTime(2 * MINUTE));
    expect(spoken()).toBe('Starts in about 10 minutes');
  });

  it('asks for the page again when it reaches the start', async () => {
    const onStart = vi.fn();
    render(<Countdown to={new Date(NOW + 3000).toISOString()} onStart={onStart} />);
    expect(onStart).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(3000));
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Starting now');
    // The answer may have come from the server's cache, a few seconds old: it asks again while still shown.
    await act(() => vi.advanceTimersByTime(5000));
    expect(onStart).toHaveBeenCalledTimes(2);
  });
});
