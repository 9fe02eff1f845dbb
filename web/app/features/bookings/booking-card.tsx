import { Form, Link, useNavigation } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { formatTime, STATUS_WORDS, type Booking } from './bookings';

const TICKETED = new Set(['Confirmed', 'CheckedIn']);

/** The ticket to show at the door: the QR code the check-in scans, and the reference to read out. */
function Ticket({ booking }: { booking: Booking }) {
  return (
    <div className="booking-ticket">
      {booking.ticketQr && <img src={booking.ticketQr} alt={`Ticket QR code for ${booking.reference}`} width={240} height={240} />}
      <p className="booking-reference">{booking.reference}</p>
    </div>
  );
}

function CancelButton({ booking }: { booking: Booking }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('id') === booking.id;
  return (
    <Form method="post">
      <input type="hidden" name="id" value={booking.id} />
      <button type="submit" className="button ghost" disabled={pending} aria-label={`Cancel booking ${booking.reference}`}>
        {pending ? 'Cancelling…' : 'Cancel booking'}
      </button>
    </Form>
  );
}

/** One of the member's bookings: when, where, who, where it stands, and its ticket once booked. */
export function BookingCard({ booking }: { booking: Booking }) {
  const payUrl = booking.status === 'Held' ? booking.checkout?.approveUrl : null;
  return (
    <li className="booking-card">
      <h2>
        <Link to={`/post-details/${booking.postId}`}>{booking.postName}</Link>
      </h2>
      <dl>
        <dt>When</dt>
        <dd>
          <time dateTime={booking.occurrenceStart}>{formatDateTime(booking.occurrenceStart)}</time>
        </dd>
        {booking.location && (
          <>
            <dt>Where</dt>
            <dd>{booking.location}</dd>
          </>
        )}
        <dt>Places</dt>
        <dd>{booking.places}</dd>
        {booking.names.length > 0 && (
          <>
            <dt>Names</dt>
            <dd>{booking.names.join(', ')}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{STATUS_WORDS[booking.status]}</dd>
        <dt>Reference</dt>
        <dd>{booking.reference}</dd>
      </dl>
      {TICKETED.has(booking.status) && <Ticket booking={booking} />}
      {payUrl && (
        <p>
          {booking.holdExpiresAt && <span className="booking-hold">We are holding your places until {formatTime(booking.holdExpiresAt)}. </span>}
          <a className="button primary" href={payUrl}>
            Pay for booking {booking.reference}
          </a>
        </p>
      )}
      {booking.status === 'Offered' && booking.offerExpiresAt && <p>Accept the place from the link in your e-mail by {formatDateTime(booking.offerExpiresAt)}.</p>}
      {booking.canCancel && <CancelButton booking={booking} />}
    </li>
  );
}
