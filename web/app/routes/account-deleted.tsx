import { Link } from 'react-router';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/account-deleted';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Your account has been deleted', 'Your account and personal details have been removed.');

/** Where a member lands once their account is erased; they are already signed out. */
export default function AccountDeleted() {
  return (
    <section className="section narrow confirmation">
      <h1>Goodbye, and God bless you</h1>
      <p className="lead">Your account has been deleted and you have been signed out.</p>
      <p>We have sent a confirmation to your e-mail address. You are always welcome back: join us on a Sunday, or create a new account whenever you wish.</p>
      <p className="actions">
        <Link className="button primary" to="/">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
