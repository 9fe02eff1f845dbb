import { Link, useLocation } from 'react-router';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/donation-payment-success';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Donation successful', 'Thank you for your gift.');

/** The server's word on the paid gift (its amount and Gift Aid line), handed on by the page that captured it. */
function receivedMessage(state: unknown): string {
  const message = (state as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Your donation was received.';
}

export default function DonationPaymentSuccess() {
  const { state } = useLocation();
  return (
    <section className="confirmation">
      <h1>Thank you and God bless you</h1>
      <p className="lead">{receivedMessage(state)}</p>
      <p className="actions">
        <Link className="button primary" to="/user/user-dashboard">
          Back to my dashboard
        </Link>
      </p>
    </section>
  );
}
