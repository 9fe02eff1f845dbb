import { useCallback } from 'react';
import { PaymentReturn } from '../../components/payment-return';
import { captureBooking } from '../../features/bookings';
import { useMemberGraphql } from '../../lib/member-graphql';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/booking-paypal-payment-response';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Confirming your booking', 'Please wait while we confirm your booking.');

/** PayPal's return: the server captures the order named by `token`; a booking confirmed shows in My bookings with its ticket. */
export default function BookingPaymentResponse() {
  const graphql = useMemberGraphql();
  const capture = useCallback((orderID: string) => captureBooking(graphql, orderID), [graphql]);
  return <PaymentReturn capture={capture} successPath="/user/bookings" back={{ to: '/user/bookings', label: 'My bookings' }} />;
}
