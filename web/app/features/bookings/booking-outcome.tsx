import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LazyPayPalButtons } from '../../components/lazy-paypal-buttons';
import { formatMoney } from '../../lib/format';
import { browserGraphql } from '../../lib/graphql';
import { rememberCheckout } from '../../lib/pending-checkout';
import { captureBooking, formatTime, STATUS_WORDS, type Booking } from './bookings';

/** The outcome takes the focus the sent form had, so a keyboard or screen-reader user lands on what happened. */
function useFocusOnShow<T extends HTMLElement>() {
  const region = useRef<T>(null);
  useEffect(() => region.current?.focus(), []);
  return region;
}

/**
 * A paid booking held while the member pays: PayPal's redirect link, and PayPal's own buttons where the site offers
 * them. Both go through the server, which priced the order.
 */
function PayForBooking({ booking }: { booking: Booking }) {
  const { orderID, approveUrl } = booking.checkout ?? {};
  const region = useFocusOnShow<HTMLElement>();
  // The return page sends a declined card back to this same approval link.
  useEffect(() => {
    if (orderID && approveUrl) rememberCheckout({ orderID, approveUrl });
  }, [orderID, approveUrl]);
  return (
    <section className="booking-outcome" aria-labelledby="booking-pay-heading" tabIndex={-1} ref={region}>
      <h3 id="booking-pay-heading">Pay for your places</h3>
      <p>
        {booking.places} {booking.places === 1 ? 'place' : 'places'}, {formatMoney(booking.amount, booking.currency)}, reference {booking.reference}.
      </p>
      {booking.holdExpiresAt && <p className="booking-hold">We are holding your places until {formatTime(booking.holdExpiresAt)}.</p>}
      {approveUrl && (
        <p>
          <a className="button primary" href={approveUrl}>
            Pay with PayPal
          </a>
        </p>
      )}
      {orderID && (
        <LazyPayPalButtons currency={booking.currency} createOrder={() => Promise.resolve(orderID)} capture={(id) => captureBooking(browserGraphql(), id)} successPath="/user/bookings" />
      )}
      <p className="form-note">
        A ticket is not a gift, so no Gift Aid is claimed on it. <Link to="/user/make-donations">Add a gift to the ministry</Link>
      </p>
    </section>
  );
}

/** What became of a booking form: the reference, the e-mail to look for, the payment to make or the place in line. */
export function BookingOutcome({ booking }: { booking: Booking }) {
  if (booking.status === 'Held' && booking.checkout?.orderID) return <PayForBooking booking={booking} />;
  return <BookingDone booking={booking} />;
}

function BookingDone({ booking }: { booking: Booking }) {
  const region = useFocusOnShow<HTMLDivElement>();
  return (
    <div className="booking-outcome" role="status" tabIndex={-1} ref={region}>
      {booking.status === 'Confirmed' && (
        <>
          <h3>Booked: reference {booking.reference}</h3>
          <p>
            We have e-mailed your ticket. <Link to="/user/bookings">See your ticket in My bookings</Link>
          </p>
        </>
      )}
      {booking.status === 'Held' && (
        <>
          <h3>Check your e-mail to confirm your place</h3>
          <p>We have sent a link to {booking.email}. Your place is booked once you open it and confirm.</p>
        </>
      )}
      {booking.status === 'Waitlisted' && (
        <>
          <h3>You are on the waiting list</h3>
          <p>If a place comes free we will e-mail you an offer. Nothing is charged while you wait.</p>
        </>
      )}
      {!['Confirmed', 'Held', 'Waitlisted'].includes(booking.status) && <h3>{STATUS_WORDS[booking.status]}</h3>}
    </div>
  );
}
