import { Link } from 'react-router';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/book-payment-success';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Payment successful', 'Thank you for your order from our book shop.');

/** Spec §2's success screen for books, at /book-payment-success and /user/book-payment-success. */
export default function BookPaymentSuccess() {
  return (
    <section className="section narrow confirmation">
      <h1>Thank you and God bless you</h1>
      <p className="lead">Your payment was received.</p>
      <p>Copy(ies) will be sent to you shortly</p>
      <p className="actions">
        <Link className="button primary" to="/book-shop">
          Back to the book shop
        </Link>
      </p>
    </section>
  );
}
