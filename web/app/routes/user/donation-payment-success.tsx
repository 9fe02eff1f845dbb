import { Link } from 'react-router';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/donation-payment-success';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Donation successful', 'Thank you for your gift.');

export default function DonationPaymentSuccess() {
  return (
    <section className="confirmation">
      <h1>Thank you and God bless you</h1>
      <p className="lead">Your donation was received.</p>
      <p className="actions">
        <Link className="button primary" to="/user/user-dashboard">
          Back to my dashboard
        </Link>
      </p>
    </section>
  );
}
