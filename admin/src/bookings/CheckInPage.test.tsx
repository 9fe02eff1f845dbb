import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { saveSession } from '../auth/session';
import { createBookingsApi } from './testApi';

const EVENTS_TEAM = ['console:sign-in', 'schema:read', 'events:manage'];

const openCheckIn = () => {
  const api = createBookingsApi();
  vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
  saveSession({ token: 'events-token', user: { id: '4', firstname: 'Tom', lastname: 'Bello', email: 'events@example.org', role: 'EventsTeam', permissions: EVENTS_TEAM } });
  render(
    <MemoryRouter initialEntries={['/check-in']}>
      <App />
    </MemoryRouter>,
  );
  return api;
};

const status = () => screen.getByRole('status');

// The first render loads the console and the page on demand, which takes a while under jsdom.
describe('check-in at the door', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  });

  it('checks in the reference typed, as typed, and says who came with how many places', async () => {
    const api = openCheckIn();
    const field = await screen.findByRole('textbox', { name: 'Ticket reference' }, { timeout: 15_000 });
    // The date under way (started, so no longer among the coming ones) is chosen without asking.
    expect(await screen.findByText('Booked 3 · Checked in 1 · Waiting 3', undefined, { timeout: 10_000 })).toBeTruthy();

    fireEvent.change(field, { target: { value: 'bk-ada 12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(status().textContent).toBe('Checked in: Ada Lovelace, 2 places (BK-ADA12345)'));
    expect(api.calls.find((call) => call.operation === 'CheckInBooking')?.variables).toEqual({ reference: 'bk-ada 12345' });
    expect((field as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Booked 3 · Checked in 3 · Waiting 3')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'BK-GRACE678' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(status().textContent).toBe('Already checked in at 18:02'));
  });

  it('lists everyone booked for the date with a button each, and finds them by name', async () => {
    const api = openCheckIn();
    const list = await screen.findByRole('list', { name: 'Everyone booked' }, { timeout: 15_000 });
    await within(list).findByText('Ada Lovelace', undefined, { timeout: 10_000 });
    expect(within(list).getByText(/^BK-ADA12345 · 2 places · with Charles Babbage$/)).toBeTruthy();
    expect(within(list).getByText(/^Checked in at \d\d:\d\d$/)).toBeTruthy();
    expect(within(list).getByText('On the waiting list')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a name or reference' }), { target: { value: 'grace' } });
    await waitFor(() => expect(within(list).queryByText('Ada Lovelace')).toBeNull());
    expect(api.calls.filter((call) => call.operation === 'DoorList').at(-1)?.variables).toMatchObject({ filter: { postId: '1', occurrenceStart: '2026-12-03T19:30:00.000Z', q: 'grace' } });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a name or reference' }), { target: { value: '' } });
    fireEvent.click(await within(list).findByRole('button', { name: 'Check in Ada Lovelace, BK-ADA12345' }));
    await waitFor(() => expect(status().textContent).toBe('Checked in: Ada Lovelace, 2 places (BK-ADA12345)'));
  });

  it('offers "Scan ticket" only where the browser can read QR codes', async () => {
    openCheckIn();
    await screen.findByRole('textbox', { name: 'Ticket reference' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Scan ticket' })).toBeNull();
    cleanup();

    (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = class {
      detect = async () => [];
    };
    openCheckIn();
    expect(await screen.findByRole('button', { name: 'Scan ticket' }, { timeout: 15_000 })).toBeTruthy();
  });
});
