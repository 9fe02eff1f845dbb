import { render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../../features/bookings/bookings.fixtures';
import { answerGraphql, signIn } from '../../../test/doubles';
import BookingPaymentResponse from './booking-paypal-payment-response';

function MyBookingsStandIn() {
  const state = useLocation().state as { message?: string } | null;
  return <h1>My bookings: {state?.message}</h1>;
}

function renderReturn(status: string) {
  signIn();
  const sent = answerGraphql(() => ({ data: { booking: { ...BOOKING, status } } }));
  const Stub = createRoutesStub([
    { path: '/user/booking-paypal-payment-response', Component: BookingPaymentResponse },
    { path: '/user/bookings', Component: MyBookingsStandIn },
  ]);
  render(<Stub initialEntries={['/user/booking-paypal-payment-response?token=ORDER-5']} />);
  return sent;
}

describe("PayPal's return from paying for a booking", () => {
  it('captures the order named by the token and goes to My bookings with the reference', async () => {
    const sent = renderReturn('Confirmed');
    expect((await screen.findByRole('heading', { level: 1, name: /My bookings/ })).textContent).toBe('My bookings: Booked: reference BK-7Q2M9XKD');
    expect(sent[0]).toMatchObject({ variables: { orderID: 'ORDER-5' }, token: 'member-token' });
  });

  it('says the places were taken and the payment refunded in full when the hold had lapsed', async () => {
    renderReturn('Refunded');
    expect((await screen.findByRole('alert')).textContent).toBe('The places were taken while you paid; we have refunded you in full.');
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/user/bookings');
  });
});
