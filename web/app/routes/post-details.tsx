import { Link } from 'react-router';
import { authorName, CATEGORY, loadPost, testimonyAuthor } from '../features/posts';
import { ResponsiveImage } from '../components/responsive-image';
import { blogPostingLd, breadcrumbLd, eventLd, JsonLd } from '../features/site';
import { usePublicUrl, useSiteSettings } from '../lib/site-settings';
import { formatDate, formatDateTime } from '../lib/format';
import { openGraph, pageMeta } from '../lib/meta';
import type { Route } from './+types/post-details';
import { browserGraphql, serverGraphql } from '../lib/graphql';
import { BookingPanel, loadProgramBooking, submitBooking } from '../features/bookings';
import { clearLocalState } from '../lib/session';
import '../styles/content.css';
import './post-details.css';

export async function loader({ context, params }: Route.LoaderArgs) {
  const graphql = serverGraphql(context);
  const [post, booking] = await Promise.all([loadPost(graphql, params.id), loadProgramBooking(graphql, params.id)]);
  return { ...post, booking };
}

/** A booking before JavaScript has loaded: a visitor's free place. */
export async function action({ context, request }: Route.ActionArgs) {
  return submitBooking(serverGraphql(context), await request.formData());
}

/** A booking in the browser carries the member's token: a member's place, paid or free. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return submitBooking(browserGraphql(clearLocalState), await request.formData());
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches, 'Post not found');
  const description = loaderData.excerpt?.slice(0, 200) || `${loaderData.name}: read it on our website.`;
  return [
    ...pageMeta(matches, loaderData.name, description),
    ...openGraph({ title: loaderData.name, description, matches, path: `/post-details/${loaderData.id}`, image: loaderData.image }),
  ];
}

const BACK_LINKS: Record<string, { to: string; label: string }> = {
  [CATEGORY.programs]: { to: '/programs', label: 'All programs' },
  [CATEGORY.testimonies]: { to: '/testimonies', label: 'All testimonies' },
  [CATEGORY.blog]: { to: '/blog', label: 'All articles' },
};

export default function PostDetails({ loaderData: post, actionData }: Route.ComponentProps) {
  const back = BACK_LINKS[String(post.categoryId)] ?? { to: '/blog', label: 'The blog' };
  const author = String(post.categoryId) === String(CATEGORY.testimonies) ? testimonyAuthor(post.author) : authorName(post.author);
  const settings = useSiteSettings();
  const publicUrl = usePublicUrl();
  const event = String(post.categoryId) === String(CATEGORY.programs) ? eventLd(post, settings, publicUrl) : null;
  const when = post.nextStartsAt ?? post.startsAt;
  return (
    <article className="post">
      <JsonLd
        data={[
          event ?? blogPostingLd(post, settings, publicUrl),
          breadcrumbLd(publicUrl, [
            { name: 'Home', path: '/' },
            { name: post.category?.name ?? back.label, path: back.to },
            { name: post.name, path: `/post-details/${post.id}` },
          ]),
        ]}
      />
      <header className="post-header">
        <p className="eyebrow">
          <Link to={back.to}>{post.category?.name ?? back.label}</Link>
        </p>
        <h1>{post.name}</h1>
        <p className="post-meta">
          {author && <span>{author} · </span>}
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
      </header>
      {post.image && (
        <figure className="post-image">
          <ResponsiveImage data={post} alt="" sizes="(min-width: 900px) 860px, 100vw" priority />
        </figure>
      )}
      {event && when && (
        <section className="event-details" aria-labelledby="event-heading">
          <h2 id="event-heading" className="visually-hidden">
            When and where
          </h2>
          <dl className="times">
            <div>
              <dt>{post.nextStartsAt ? 'When' : 'Took place'}</dt>
              <dd>
                <time dateTime={when}>{formatDateTime(when)}</time>
                {post.recurrenceText && <span>, repeating {post.recurrenceText}</span>}
              </dd>
            </div>
            {post.location && (
              <div>
                <dt>Where</dt>
                <dd>{post.location}</dd>
              </div>
            )}
            {post.onlineUrl && (
              <div>
                <dt>Online</dt>
                <dd>
                  <a href={post.onlineUrl} rel="noopener noreferrer">
                    Join online
                  </a>
                </dd>
              </div>
            )}
          </dl>
          {post.nextStartsAt && (
            <p>
              <a className="button ghost" href={`/events/${post.id}.ics`} download={`event-${post.id}.ics`}>
                Add to calendar
              </a>
            </p>
          )}
        </section>
      )}
      {post.booking && <BookingPanel booking={post.booking} result={actionData} path={`/post-details/${post.id}`} />}
      {/* Post bodies are sanitised with an allowlist when they are saved (server, DESIGN.md §8). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.body }} />
      <p className="post-back">
        <Link className="button ghost" to={back.to}>
          ← {back.label}
        </Link>
      </p>
    </article>
  );
}
