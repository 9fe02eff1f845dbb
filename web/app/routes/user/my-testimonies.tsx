import { Link, useLocation } from 'react-router';
import { TESTIMONY_STATUS_LABELS, useMyTestimonies } from '../../features/member/testimonies';
import { formatDate } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/my-testimonies';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My testimonies', 'The testimonies you have shared and whether they are published.');

export default function MyTestimonies() {
  const { data, loading, failed } = useMyTestimonies();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const testimonies = data?.allPosts ?? [];
  return (
    <>
      <h1>My testimonies</h1>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {loading && !data && <p role="status">Loading your testimonies…</p>}
      {failed && <p className="form-alert">Your testimonies could not be loaded. Please try again.</p>}
      {data && !testimonies.length && (
        <p>
          You have not shared a testimony yet. <Link to="/user/share-testimony">Share a testimony</Link>
        </p>
      )}
      <ul className="record-list">
        {testimonies.map((testimony) => (
          <li key={testimony.id} className="record">
            <div className="record-head">
              <h2>{testimony.status === 'Authorised' ? <Link to={`/post-details/${testimony.id}`}>{testimony.name}</Link> : testimony.name}</h2>
              <span className={`status status-${testimony.status}`}>{TESTIMONY_STATUS_LABELS[testimony.status] ?? testimony.status}</span>
            </div>
            <p className="record-meta">{formatDate(testimony.createdAt)}</p>
            {testimony.excerpt && <p className="record-body">{testimony.excerpt}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
