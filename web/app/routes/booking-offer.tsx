import { redirectDocument } from 'react-router';
import { actOnLink, LinkActionPage, type LinkResult } from '../features/bookings';
import { browserGraphql, serverGraphql } from '../lib/graphql';
import { formText } from '../lib/form-data';
import { pageMeta } from '../lib/meta';
import { rememberCheckout } from '../lib/pending-checkout';
import type { Route } from './+types/booking-offer';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** Without JavaScript: a free place is accepted as a visitor's. */
export async function action({ request, context }: Route.ActionArgs): Promise<LinkResult> {
  return actOnLink(serverGraphql(context), 'offer', formText(await request.formData(), 'token'));
}

/** In the browser the member's token goes with it: a paid place is held and the member goes on to pay for it. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LinkResult> {
  const result = await actOnLink(browserGraphql(), 'offer', formText(await request.formData(), 'token'));
  const checkout = result.booking?.status === 'Held' ? result.booking.checkout : null;
  if (checkout?.orderID && checkout.approveUrl) {
    rememberCheckout({ orderID: checkout.orderID, approveUrl: checkout.approveUrl });
    // PayPal's approval page (or the emulator's, on this site) is not a page of this app: a full load.
    throw redirectDocument(checkout.approveUrl);
  }
  return result;
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'A place for you', 'Accept the place offered to you from the waiting list.'), { name: 'referrer', content: 'no-referrer' }];

/** The link mailed to the first in line when a place comes free: their press of the button accepts it. */
export default function BookingOffer({ loaderData, actionData }: Route.ComponentProps) {
  const booking = actionData?.booking;
  return (
    <LinkActionPage
      title="A place for you"
      lead="A place has come free for you. Press the button to accept it; a paid place asks you to log in and pay."
      button="Accept the place"
      token={loaderData.token}
      result={actionData}
      path={`/booking/offer?token=${encodeURIComponent(loaderData.token)}`}
    >
      <p className="lead">
        {booking?.status === 'Confirmed'
          ? `Your place is booked: reference ${booking.reference}. We have e-mailed your ticket.`
          : `This booking is now: ${booking?.status === 'Held' ? 'waiting for payment' : (booking?.status ?? '').toLowerCase()}.`}
      </p>
    </LinkActionPage>
  );
}
