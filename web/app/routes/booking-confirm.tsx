import { Link } from 'react-router';
import { actOnLink, LinkActionPage } from '../features/bookings';
import { serverGraphql } from '../lib/graphql';
import { formText } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/booking-confirm';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return actOnLink(serverGraphql(context), 'confirm', formText(await request.formData(), 'token'));
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Confirm your place', 'Confirm the place you booked.'), { name: 'referrer', content: 'no-referrer' }];

/** The link mailed to a visitor who booked a free place: their press of the button confirms it. */
export default function BookingConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const booking = actionData?.booking;
  return (
    <LinkActionPage
      title="Confirm your place"
      lead="Press the button to confirm the place you booked."
      button="Confirm my place"
      token={loaderData.token}
      result={actionData}
      path={`/booking/confirm?token=${encodeURIComponent(loaderData.token)}`}
    >
      {booking?.status === 'Confirmed' ? (
        <p className="lead">
          Your place is confirmed: reference {booking.reference}. We have e-mailed your ticket. <Link to={`/post-details/${booking.postId}`}>{booking.postName}</Link>
        </p>
      ) : (
        <p className="lead">The places were taken before you confirmed, so this booking could not be kept. We are sorry.</p>
      )}
    </LinkActionPage>
  );
}
