import { Link } from 'react-router';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/password-sent';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Check your email', 'We have sent you a link to reset your password.');

export default function PasswordSent() {
  return (
    <section className="section narrow confirmation">
      <h1>Check your email</h1>
      <p className="lead">If an account uses that address, we have sent it a link to reset your password.</p>
      <p>The link works once and expires after one hour. If nothing arrives in a few minutes, look in your spam folder or ask for another link.</p>
      <p className="actions">
        <Link className="button primary" to="/userlogin">
          Back to login
        </Link>
        <Link className="button ghost" to="/password">
          Send another link
        </Link>
      </p>
    </section>
  );
}
