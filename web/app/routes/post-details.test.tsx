import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Outlet, type ActionFunction, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING, FREE, PAID, programAnswer } from '../features/bookings/bookings.fixtures';
import type { BookingSettings } from '../features/bookings';
import { answerGraphql, fakeServer, signIn } from '../../test/doubles';
import PostDetails, { clientAction, loader } from './post-details';

const HELD = {
  ...BOOKING,
  status: 'Held',
  places: 1,
  amount: 12,
  // 10:15 in London in December (GMT).
  holdExpiresAt: '2026-12-01T10:15:00.000Z',
  ticketQr: null,
  checkout: { orderID: 'ORDER-5', approveUrl: 'http://church.example/paypal-emulator/checkoutnow?token=ORDER-5' },
};

/** The program page in the browser: its loader reads the program, and the booking form goes from the browser. */
async function renderProgram(settings: BookingSettings, booking: unknown) {
  const server = fakeServer(({ query }) => programAnswer(query, settings)!);
  const sent = answerGraphql(() => ({ data: { booking } }));
  const Stub = createRoutesStub(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ publicUrl: 'https://church.example', paypal: null }),
        Component: Outlet,
        children: [{ path: 'post-details/:id', Component: PostDetails, loader: loader as unknown as LoaderFunction, action: clientAction as unknown as ActionFunction }],
      },
    ],
    server.context,
  );
  render(<Stub initialEntries={['/post-details/41']} />);
  await screen.findByRole('heading', { name: 'Book your place' });
  return { user: userEvent.setup(), sent };
}

describe("a member's booking", () => {
  it('books a paid place with their token, then holds it while they pay through PayPal', async () => {
    signIn();
    const { user, sent } = await renderProgram(PAID, HELD);
    expect(screen.getByText('£12.00 a place')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Your email/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Name for place 1' }), 'Priscilla Aquila');
    await user.click(screen.getByRole('button', { name: 'Book and pay' }));

    const outcome = await screen.findByRole('region', { name: 'Pay for your places' });
    expect(document.activeElement).toBe(outcome);
    expect(within(outcome).getByText('We are holding your places until 10:15.')).toBeTruthy();
    expect(within(outcome).getByRole('link', { name: 'Pay with PayPal' }).getAttribute('href')).toBe(HELD.checkout.approveUrl);
    expect(sent).toHaveLength(1);
    expect(sent[0].token).toBe('member-token');
    expect(sent[0].variables).toMatchObject({ postId: '41', places: 1, names: ['Priscilla Aquila'], name: null, email: null });
    expect(window.sessionStorage.getItem('pending-checkout')).toContain('ORDER-5');
  });

  it('asks for one name a place as the number of places changes', async () => {
    signIn();
    const { user } = await renderProgram(FREE, BOOKING);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of places' }), '3');
    expect(screen.getAllByRole('textbox', { name: /^Name for place / }).map((input) => input.id)).toEqual(['field-names', 'field-names-1', 'field-names-2']);
  });

  it('gives the reference of a free place booked at once, with the way to the ticket', async () => {
    signIn();
    const { user } = await renderProgram(FREE, BOOKING);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const outcome = await screen.findByRole('status');
    expect(document.activeElement).toBe(outcome);
    expect(within(outcome).getByRole('heading', { name: 'Booked: reference BK-7Q2M9XKD' })).toBeTruthy();
    expect(within(outcome).getByRole('link', { name: 'See your ticket in My bookings' }).getAttribute('href')).toBe('/user/bookings');
  });
});
