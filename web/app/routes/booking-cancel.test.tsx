import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../features/bookings/bookings.fixtures';
import { fakeServer } from '../../test/doubles';
import BookingCancel, { action, loader } from './booking-cancel';

describe("a visitor's cancellation link", () => {
  it('cancels nothing on opening, and cancels the booking named by the link when the button is pressed', async () => {
    const { context, sent } = fakeServer(() => ({ data: { booking: { ...BOOKING, status: 'Cancelled' } } }));
    const Stub = createRoutesStub([{ path: '/booking/cancel', Component: BookingCancel, loader, action }], context);
    render(<Stub initialEntries={['/booking/cancel?id=12&token=signed-token']} />);
    const button = await screen.findByRole('button', { name: 'Cancel my booking' });
    expect(sent).toHaveLength(0);

    await userEvent.setup().click(button);
    expect((await screen.findByRole('status')).textContent).toContain('Your booking BK-7Q2M9XKD is cancelled.');
    expect(sent).toEqual([{ query: expect.stringContaining('cancelBooking(id: $id, token: $token)') as string, variables: { id: '12', token: 'signed-token' } }]);
  });

  it("shows the server's reason, such as a cut-off passed, and keeps the button", async () => {
    const { context } = fakeServer(() => ({ errors: [{ message: 'It is too late to cancel this booking online; please contact us', extensions: { code: 'CONFLICT' } }] }));
    const Stub = createRoutesStub([{ path: '/booking/cancel', Component: BookingCancel, loader, action }], context);
    render(<Stub initialEntries={['/booking/cancel?id=12&token=old']} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel my booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe('It is too late to cancel this booking online; please contact us');
  });
});
