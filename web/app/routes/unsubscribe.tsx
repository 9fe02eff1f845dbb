import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { tokenPageHeaders, unsubscribe } from '../features/mailing';
import { serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import { useSiteSettings } from '../lib/site-settings';
import type { Route } from './+types/unsubscribe';

/**
 * One click from the footer of an e-mail, no sign-in: opening the page unsubscribes (the law asks that leaving be
 * as easy as joining). Its address carries the token, so the page is never cached and never shared.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return unsubscribe(serverGraphql(context), new URL(request.url).searchParams.get('token') ?? '');
}

export const headers = tokenPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'Unsubscribe', 'Stop the e-mails of one of our lists.'), { name: 'referrer', content: 'no-referrer' }];

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const email = settings.emails[0]?.address;
  if (loaderData.list) {
    return (
      <section className="section narrow confirmation" role="status">
        <h1>You are unsubscribed</h1>
        <p className="lead">
          You are unsubscribed from {loaderData.list.name}. We will send you no more of its e-mails.
        </p>
        <p className="actions">
          <Link className="button ghost" to="/newsletters">
            Changed your mind? Sign up again
          </Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <PageIntro eyebrow="Newsletters" title="Unsubscribe" />
      <section className="section narrow">
        <p className="form-alert" role="alert">
          {loaderData.message}
        </p>
        <p>
          {loaderData.refused ? 'Please open the link from your most recent e-mail again. ' : ''}
          If it still does not work, tell us which e-mails to stop: {email && <><a href={`mailto:${email}`}>{email}</a>, or </>}
          <Link to="/contact-us">our contact form</Link>. Members can also stop any list in <Link to="/user/privacy">My privacy</Link>.
        </p>
      </section>
    </>
  );
}
