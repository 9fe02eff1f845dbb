import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../features/bookings/bookings.fixtures';
import { fakeServer } from '../../test/doubles';
import BookingConfirm, { action, loader } from './booking-confirm';

describe("a visitor's confirmation link", () => {
  it('confirms nothing on opening, and confirms the place when the button is pressed', async () => {
    const { context, sent } = fakeServer(() => ({ data: { booking: BOOKING } }));
    const Stub = createRoutesStub([{ path: '/booking/confirm', Component: BookingConfirm, loader, action }], context);
    render(<Stub initialEntries={['/booking/confirm?token=signed-token']} />);
    const button = await screen.findByRole('button', { name: 'Confirm my place' });
    expect(sent).toHaveLength(0);

    await userEvent.setup().click(button);
    expect((await screen.findByRole('status')).textContent).toContain('Your place is confirmed: reference BK-7Q2M9XKD.');
    expect(sent).toEqual([{ query: expect.stringContaining('confirmBooking(token: $token)') as string, variables: { token: 'signed-token' } }]);
  });

  it("shows the server's reason when the link no longer works, and keeps the button", async () => {
    const { context } = fakeServer(() => ({ errors: [{ message: 'This link has expired', extensions: { code: 'BAD_USER_INPUT' } }] }));
    const Stub = createRoutesStub([{ path: '/booking/confirm', Component: BookingConfirm, loader, action }], context);
    render(<Stub initialEntries={['/booking/confirm?token=old']} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm my place' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired');
    expect(screen.getByRole('button', { name: 'Confirm my place' })).toBeTruthy();
  });
});
