import { CATEGORY, loadPostsPage, pageNumber, Pagination, PostCard } from '../features/posts';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/programs';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPostsPage(context, CATEGORY.programs, pageNumber(request));
}

export const meta: Route.MetaFunction = () => pageMeta('Programs', 'Conferences, retreats, prayer nights and special services coming up at our church.');

export default function Programs({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Programs" title="What is coming up" lead="Special services, conferences and gatherings. Everyone is welcome." />
      <section className="section" aria-label="Programs">
        {posts.length ? (
          <div className="card-grid">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={2} />
            ))}
          </div>
        ) : (
          <p>New programs will be announced here soon.</p>
        )}
        <Pagination page={page} pages={pages} path="/programs" />
      </section>
    </>
  );
}
