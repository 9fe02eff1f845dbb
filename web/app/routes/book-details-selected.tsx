import { useEffect, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import { recallSelection } from '../lib/selection';
import type { Route } from './+types/book-details-selected';

/** `/book-details-page?id=3` is answered with the shareable address at once. */
export function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (id && /^\d+$/.test(id)) throw redirect(`/book-details-page/${id}`);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Book details', 'The book you chose in our book shop.');

/** The legacy book details path: shows the book last opened in this browser. */
export default function SelectedBook() {
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const id = recallSelection('book');
    if (id) void navigate(`/book-details-page/${id}`, { replace: true });
    else setMissing(true);
  }, [navigate]);
  return (
    <>
      <PageIntro title="Book details" />
      <section className="section narrow">
        {missing ? (
          <p>
            No book is selected yet. Choose one in the <Link to="/book-shop">book shop</Link>.
          </p>
        ) : (
          <p role="status">Opening the book you chose…</p>
        )}
      </section>
    </>
  );
}
