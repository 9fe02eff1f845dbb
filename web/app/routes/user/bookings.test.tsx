import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, type ActionFunction, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../../features/bookings/bookings.fixtures';
import type { Booking } from '../../features/bookings';
import { answerGraphql, signIn } from '../../../test/doubles';
import MyBookings, { clientAction, clientLoader } from './bookings';

const HELD: Booking = {
  ...BOOKING,
  id: '302',
  reference: 'BK-HELD0002',
  status: 'Held',
  holdExpiresAt: '2026-12-01T10:15:00.000Z',
  ticketQr: null,
  canCancel: false,
  checkout: { orderID: 'ORDER-9', approveUrl: 'http://church.example/paypal-emulator/checkoutnow?token=ORDER-9' },
};

/** The member's bookings page in front of a server holding `bookings`, which cancels by turning a booking Refunded. */
async function renderBookings(bookings: Booking[]) {
  signIn();
  const sent = answerGraphql((operation) => {
    if (operation.query.includes('myBookings')) return { data: { myBookings: bookings } };
    const booking = bookings.find((one) => one.id === operation.variables.id)!;
    booking.status = 'Refunded';
    booking.canCancel = false;
    return { data: { booking } };
  });
  const Stub = createRoutesStub([
    { path: '/user/bookings', Component: MyBookings, loader: clientLoader as unknown as LoaderFunction, action: clientAction as unknown as ActionFunction },
  ]);
  render(<Stub initialEntries={['/user/bookings']} />);
  await screen.findByRole('heading', { name: 'My bookings' });
  return { user: userEvent.setup(), sent };
}

const card = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;

describe("the member's bookings", () => {
  it('shows a confirmed booking with its ticket: the QR code and the reference in large type', async () => {
    await renderBookings([{ ...BOOKING }]);
    const confirmed = await card('Marriage enrichment day');
    expect(within(confirmed).getByRole('img', { name: 'Ticket QR code for BK-7Q2M9XKD' }).getAttribute('src')).toBe(BOOKING.ticketQr);
    expect(within(confirmed).getByText('BK-7Q2M9XKD', { selector: '.booking-reference' })).toBeTruthy();
    expect(within(confirmed).getByText('Booked')).toBeTruthy();
    expect(within(confirmed).getByText('Priscilla Aquila, Aquila Pontus')).toBeTruthy();
  });

  it('links a held booking to its payment, with the time the places are held until, and shows it no ticket', async () => {
    await renderBookings([{ ...HELD }]);
    const held = await card('Marriage enrichment day');
    expect(within(held).getByRole('link', { name: 'Pay for booking BK-HELD0002' }).getAttribute('href')).toBe(HELD.checkout!.approveUrl);
    expect(within(held).getByText(/We are holding your places until 10:15/)).toBeTruthy();
    expect(within(held).queryByRole('img')).toBeNull();
    expect(within(held).queryByRole('button')).toBeNull();
  });

  it('cancels a booking with the member’s token and reads the bookings again', async () => {
    const { user, sent } = await renderBookings([{ ...BOOKING }]);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking BK-7Q2M9XKD' }));
    expect((await screen.findByRole('status')).textContent).toBe('Booking BK-7Q2M9XKD is cancelled and refunded in full.');
    const cancel = sent.find((operation) => operation.query.includes('cancelBooking'))!;
    expect(cancel).toMatchObject({ variables: { id: '301' }, token: 'member-token' });
    expect(await screen.findByText('Cancelled and refunded')).toBeTruthy();
    expect(sent.filter((operation) => operation.query.includes('myBookings'))).toHaveLength(2);
  });
});
