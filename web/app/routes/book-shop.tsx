import { BookCard, loadBooks } from '../features/shop';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/book-shop';
import { serverGraphql } from '../lib/graphql';
import './book-shop.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { books: await loadBooks(serverGraphql(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Book Shop', 'Best-selling Christian books from our pastors and friends of the ministry, posted to you.');

export default function BookShop({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Book shop" title="Best-selling books" lead="Books to strengthen your faith, from our pastors and friends of the ministry. Every purchase supports our work." />
      <section className="section" aria-label="Books">
        {loaderData.books.length ? (
          <div className="card-grid books">
            {loaderData.books.map((book) => (
              <BookCard key={book.id} book={book} />
            ))}
          </div>
        ) : (
          <p>The book shop is being restocked. Please come back soon.</p>
        )}
      </section>
    </>
  );
}
