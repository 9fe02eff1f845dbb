import { CATEGORY, loadPostsPage, pageNumber, Pagination, PostCard } from '../features/posts';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/blog';
import { serverGraphql } from '../lib/graphql';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPostsPage(serverGraphql(context), CATEGORY.blog, pageNumber(request));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Blog', 'Articles, devotionals and news from our church family: encouragement for everyday faith.');

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Blog" title="Words of encouragement" lead="Devotionals, Bible teaching and news from our church family." />
      <section className="section" aria-label="Articles">
        {posts.length ? (
          <div className="card-grid">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={2} />
            ))}
          </div>
        ) : (
          <p>There are no articles yet. Please come back soon.</p>
        )}
        <Pagination page={page} pages={pages} path="/blog" />
      </section>
    </>
  );
}
