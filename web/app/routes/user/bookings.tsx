import { Link, useLocation } from 'react-router';
import { BookingCard, cancelBooking, MY_BOOKINGS, type Booking } from '../../features/bookings';
import { browserGraphql } from '../../lib/graphql';
import { formText } from '../../lib/form-data';
import { pageMeta } from '../../lib/meta';
import { clearLocalState } from '../../lib/session';
import type { Route } from './+types/bookings';
import '../../features/bookings/bookings.css';

/** The member's token lives in this browser, so the bookings are read here; a cancellation reads them again. */
const memberGraphql = () => browserGraphql(clearLocalState);

export async function clientLoader() {
  const result = await memberGraphql().request<{ myBookings: Booking[] }>(MY_BOOKINGS);
  return { bookings: result.data?.myBookings ?? null };
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  return cancelBooking(memberGraphql(), formText(await request.formData(), 'id'));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My bookings', 'The events you have booked, your tickets, and cancelling a booking.');

/** What a cancellation did, in words. */
function cancelWords(result: NonNullable<Route.ComponentProps['actionData']>): string {
  if (!result.booking) return result.message ?? '';
  const refunded = result.booking.status === 'Refunded' ? ' and refunded in full' : '';
  return `Booking ${result.booking.reference} is cancelled${refunded}.`;
}

export default function MyBookings({ loaderData, actionData }: Route.ComponentProps) {
  const message = (useLocation().state as { message?: string } | null)?.message;
  const { bookings } = loaderData;
  return (
    <>
      <h1>My bookings</h1>
      {message && !actionData && (
        <p className="form-success" role="status">
          {message}
        </p>
      )}
      {actionData && (
        <p className={actionData.booking ? 'form-success' : 'form-alert'} role={actionData.booking ? 'status' : 'alert'}>
          {cancelWords(actionData)}
        </p>
      )}
      {!bookings && <p className="form-alert">Your bookings could not be loaded. Please try again.</p>}
      {bookings && !bookings.length && (
        <p>
          You have not booked an event yet. <Link to="/programs">See our programs</Link>
        </p>
      )}
      {bookings && bookings.length > 0 && (
        <ul className="booking-cards">
          {bookings.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </>
  );
}
