import { useEffect, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { pageMeta } from '../lib/meta';
import { recallSelection } from '../lib/selection';
import type { Route } from './+types/post-details-selected';

/** `/post-details?id=7` is answered with the shareable address at once. */
export function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (id && /^\d+$/.test(id)) throw redirect(`/post-details/${id}`);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Selected post', 'The post you chose on our website.');

/** The legacy "selected post" page: shows the post last opened in this browser. */
export default function SelectedPost() {
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const id = recallSelection('post');
    if (id) void navigate(`/post-details/${id}`, { replace: true });
    else setMissing(true);
  }, [navigate]);
  return (
    <>
      <PageIntro title="Selected post" />
      <section className="section narrow">
        {missing ? (
          <p>
            No post is selected yet. Choose one on the <Link to="/blog">blog</Link>, the <Link to="/programs">programs</Link> or the{' '}
            <Link to="/testimonies">testimonies</Link> page.
          </p>
        ) : (
          <p role="status">Opening the post you chose…</p>
        )}
      </section>
    </>
  );
}
