import { Link } from 'react-router';
import { CATEGORY, loadPostsPage, pageNumber, Pagination, TestimonyCard } from '../features/posts';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/testimonies';
import { serverGraphql } from '../lib/graphql';

export function loader({ context, request }: Route.LoaderArgs) {
  // The server only ever answers authorised testimonies to a visitor.
  return loadPostsPage(serverGraphql(context), CATEGORY.testimonies, pageNumber(request));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Testimonies', 'Stories of answered prayer, healing and hope shared by members of our church.');

export default function Testimonies({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Testimonies" title="What God has done" lead="Stories of answered prayer and changed lives, shared by our church family." />
      <section className="section" aria-label="Testimonies">
        {posts.length ? (
          <div className="card-grid">
            {posts.map((post) => (
              <TestimonyCard key={post.id} post={post} headingLevel={2} />
            ))}
          </div>
        ) : (
          <p>Testimonies shared by our members will appear here.</p>
        )}
        <Pagination page={page} pages={pages} path="/testimonies" />
        <p className="section-cta">
          <Link className="button primary" to="/user/share-testimony">
            Share your testimony
          </Link>
        </p>
      </section>
    </>
  );
}
