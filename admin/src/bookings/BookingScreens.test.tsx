import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { saveSession } from '../auth/session';
import { listUrl } from '../common/links';
import { createBookingsApi, START } from './testApi';

const open = (path: string) => {
  const api = createBookingsApi();
  vi.spyOn(globalThis, 'fetch').mockImplementation(api.fetch);
  saveSession({
    token: 'events-token',
    user: { id: '4', firstname: 'Tom', lastname: 'Bello', email: 'events@example.org', role: 'EventsTeam', permissions: ['console:sign-in', 'schema:read', 'events:manage'] },
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return api;
};

// The first render loads the console and its screens on demand, which takes a while under jsdom.
describe('bookings in the console', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists bookings with booker, event, date, places and status, and never asks for the answers', async () => {
    const api = open('/bookings');
    const row = (await screen.findByText('BK-ADA12345', undefined, { timeout: 15_000 })).closest('tr')!;
    for (const text of ['Ada Lovelace', 'Quiz night', '2', 'Booked', 'Not yet']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText(/^Thu 3 Dec 2026, 19:30$/)).toBeTruthy();
    expect(within(screen.getByText('BK-MARY0001').closest('tr')!).getByText('On the waiting list')).toBeTruthy();
    const list = api.calls.find((call) => call.operation === 'allBookings')!;
    expect(list.query).toMatch(/bookerName/);
    expect(list.query).not.toMatch(/answers|ticket/);
    expect(screen.getByText(/Choose an event and a date to see its numbers/)).toBeTruthy();
  });

  it('shows one booking with its names and answers, and cancels it after asking, saying the payment is refunded', async () => {
    const api = open('/bookings/11/show');
    expect(await screen.findByText('No nuts, please', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Dietary needs')).toBeTruthy();
    expect(screen.getByText('Charles Babbage')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Ada Lovelace’s booking?' });
    expect(within(dialog).getByText(/the £10\.00 they paid is refunded in full through PayPal/)).toBeTruthy();
    expect(api.calls.some((call) => call.operation === 'CancelBooking')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Booking BK-ADA12345 is cancelled and refunded', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.find((call) => call.operation === 'CancelBooking')?.variables).toEqual({ id: '11' });
  });

  it("shows one date's numbers and messages everyone booked on it", async () => {
    const api = open(listUrl('bookings', { postId: '1', occurrenceStart: START }));
    expect(await screen.findByText('Booked 3 · Checked in 1 · Waiting 3 · 37 of 40 places left', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Quiz night · Thu 3 Dec 2026, 19:30' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download attendees (CSV)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Message everyone booked' }));
    const dialog = await screen.findByRole('dialog', { name: /^Message everyone booked for/ });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Subject/ }), { target: { value: 'Parking' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Message/ }), { target: { value: 'Park behind the hall.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to everyone booked' }));
    expect(await screen.findByText('Your message is on its way to 2 bookings', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.find((call) => call.operation === 'MessageBookers')?.variables).toEqual({ postId: '1', occurrenceStart: START, subject: 'Parking', body: 'Park behind the hall.' });

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this occurrence' }, { timeout: 5000 }));
    const warning = await screen.findByRole('dialog', { name: /^Cancel the event on/ });
    expect(within(warning).getByText(/everyone who paid is refunded in full, and everyone booked or waiting is told by e-mail/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(warning).getByRole('button', { name: 'No, keep it' })));
  });
});
