import { data, Link } from 'react-router';
import { loadNewsletter } from '../features/mailing';
import { formatDate } from '../lib/format';
import { serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/newsletters-letter';
import '../styles/content.css';
import './newsletters.css';

export async function loader({ context, params }: Route.LoaderArgs) {
  const newsletter = await loadNewsletter(serverGraphql(context), params.id);
  if (!newsletter) throw data('Not found', { status: 404 });
  return newsletter;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(matches, loaderData.subject, `${loaderData.listName}, sent on ${formatDate(loaderData.sentAt)}.`) : pageMeta(matches, 'Newsletter not found');

/** One newsletter of the public archive, as it was sent (without anyone's unsubscribe link). */
export default function NewsletterLetter({ loaderData }: Route.ComponentProps) {
  return (
    <article className="section narrow">
      <p className="eyebrow">{loaderData.listName}</p>
      <h1>{loaderData.subject}</h1>
      <p className="newsletter-meta">
        Sent on <time dateTime={loaderData.sentAt}>{formatDate(loaderData.sentAt)}</time>
      </p>
      {/* The server sanitises a broadcast's body with the posts' allowlist when it is saved. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.body }} />
      <p>
        <Link className="button ghost" to="/newsletters">
          ← All newsletters, and signing up
        </Link>
      </p>
    </article>
  );
}
