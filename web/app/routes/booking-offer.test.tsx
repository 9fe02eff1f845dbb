import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, type ActionFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../features/bookings/bookings.fixtures';
import type { GraphqlResult } from '../lib/graphql';
import { answerGraphql, signIn } from '../../test/doubles';
import BookingOffer, { clientAction, loader } from './booking-offer';

/** The offer link as the browser opens it, in front of a server that answers acceptBookingOffer with `reply`. */
async function openOffer(reply: GraphqlResult<unknown>) {
  const sent = answerGraphql(() => reply);
  const Stub = createRoutesStub([{ path: '/booking/offer', Component: BookingOffer, loader, action: clientAction as unknown as ActionFunction }]);
  render(<Stub initialEntries={['/booking/offer?token=offer-token']} />);
  const button = await screen.findByRole('button', { name: 'Accept the place' });
  expect(sent).toHaveLength(0);
  await userEvent.setup().click(button);
  return sent;
}

describe('the offer of a place from the waiting list', () => {
  it('accepts a free place with the member’s token when the button is pressed', async () => {
    signIn();
    const sent = await openOffer({ data: { booking: BOOKING } });
    expect((await screen.findByRole('status')).textContent).toBe('Your place is booked: reference BK-7Q2M9XKD. We have e-mailed your ticket.');
    expect(sent[0]).toMatchObject({ variables: { token: 'offer-token' }, token: 'member-token' });
  });

  it('asks a visitor to log in for a paid place, and to come back to this link', async () => {
    await openOffer({ errors: [{ message: 'Please log in to book a paid place', extensions: { code: 'FORBIDDEN' } }] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please log in to book a paid place Log in');
    expect(within(alert).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/userLogin?next=%2Fbooking%2Foffer%3Ftoken%3Doffer-token');
  });
});
