import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { BookingForm } from './booking-form';
import { BookingOutcome } from './booking-outcome';
import { bookable, occurrenceWords, priceWords, type BookingFormResult, type ProgramBooking } from './bookings';
import './bookings.css';

type Props = { booking: ProgramBooking; result?: BookingFormResult; path: string };

/**
 * A program's booking on its page: the coming dates with the places left, the price, and the form. A paid place needs
 * an account, so a visitor is asked to log in first and comes back here.
 */
export function BookingPanel({ booking, result, path }: Props) {
  const { settings, occurrences } = booking;
  const member = useSession().loggedIn;
  const open = occurrences.some(bookable);
  const paid = settings.price > 0;
  return (
    <section className="booking-panel" aria-labelledby="booking-heading">
      <h2 id="booking-heading">Book your place</h2>
      <p className="booking-price">{priceWords(settings)}</p>
      {occurrences.length ? (
        <ul className="booking-dates">
          {occurrences.map((occurrence) => (
            <li key={occurrence.start}>
              <time dateTime={occurrence.start}>{formatDateTime(occurrence.start)}</time>
              <span className="booking-state">{occurrenceWords(occurrence, settings)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>There are no coming dates to book.</p>
      )}
      {result && 'booking' in result ? (
        <BookingOutcome booking={result.booking} />
      ) : (
        open &&
        (paid && !member ? (
          <p>
            <Link className="button primary" to={`/userLogin?next=${encodeURIComponent(path)}`}>
              Log in to book
            </Link>
          </p>
        ) : (
          <BookingForm booking={booking} member={member} errors={result?.errors} values={result?.values} />
        ))
      )}
    </section>
  );
}
