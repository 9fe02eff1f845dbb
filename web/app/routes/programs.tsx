import { CATEGORY, loadPostsPage, pageNumber, Pagination, PostCard } from '../features/posts';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/programs';
import { serverGraphql } from '../lib/graphql';

const PAST_SHOWN = 8;

export async function loader({ context, request }: Route.LoaderArgs) {
  const graphql = serverGraphql(context);
  const [upcoming, past] = await Promise.all([
    loadPostsPage(graphql, CATEGORY.programs, pageNumber(request), 'upcoming'),
    loadPostsPage(graphql, CATEGORY.programs, 1, 'past', PAST_SHOWN),
  ]);
  return { ...upcoming, past: past.posts };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Programs', 'Conferences, retreats, prayer nights and special services coming up at our church.'),
  { tagName: 'link', rel: 'alternate', type: 'text/calendar', title: 'Programs and services calendar', href: '/events.ics' },
];

export default function Programs({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, past } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Programs" title="What is coming up" lead="Special services, conferences and gatherings. Everyone is welcome." />
      <section className="section" aria-labelledby="upcoming-heading">
        <div className="section-heading">
          <h2 id="upcoming-heading">Upcoming programs</h2>
          <a className="more-link" href="/events.ics">
            Subscribe to the calendar
          </a>
        </div>
        {posts.length ? (
          <div className="card-grid">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p>New programs will be announced here soon.</p>
        )}
        <Pagination page={page} pages={pages} path="/programs" />
      </section>
      {page === 1 && past.length > 0 && (
        <section className="section tinted" aria-labelledby="past-heading">
          <h2 id="past-heading">Past programs</h2>
          <div className="card-grid">
            {past.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
