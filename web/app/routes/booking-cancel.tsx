import { cancelByLink, LinkActionPage } from '../features/bookings';
import { serverGraphql } from '../lib/graphql';
import { formText } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/booking-cancel';

export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return { id: search.get('id') ?? '', token: search.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return cancelByLink(serverGraphql(context), formText(form, 'id'), formText(form, 'token'));
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Cancel your booking', 'Cancel the places you booked.'), { name: 'referrer', content: 'no-referrer' }];

/** The link in a visitor's ticket e-mail: their press of the button cancels the booking and frees the places. */
export default function BookingCancel({ loaderData, actionData }: Route.ComponentProps) {
  const booking = actionData?.booking;
  return (
    <LinkActionPage
      title="Cancel your booking"
      lead="Press the button to cancel your booking and free your places for someone else."
      button="Cancel my booking"
      token={loaderData.token}
      fields={{ id: loaderData.id }}
      result={actionData}
      path={`/booking/cancel?id=${encodeURIComponent(loaderData.id)}&token=${encodeURIComponent(loaderData.token)}`}
    >
      <p className="lead">Your booking {booking?.reference} is cancelled. Thank you for letting us know.</p>
    </LinkActionPage>
  );
}
