import { Link } from 'react-router';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/success';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Message received', 'Thank you for getting in touch. We will contact you shortly.');

export default function Success() {
  return (
    <section className="section narrow confirmation">
      <h1>Your message has been received</h1>
      <p className="lead">We will contact you shortly</p>
      <p className="actions">
        <Link className="button primary" to="/">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
