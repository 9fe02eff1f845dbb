import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/responsive-image';
import { formatDate, formatDateTime } from '../../lib/format';
import { rememberSelection } from '../../lib/selection';
import { testimonyAuthor, type PostCardData } from './queries';
import '../../styles/cards.css';
import './post-card.css';

/** A post in a grid: image, title, date, excerpt; the whole card is one link to the post's page. */
export function PostCard({ post, headingLevel = 3 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card post-card">
      <div className="card-media">
        <ResponsiveImage data={post.image ? post : {}} alt="" sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 100vw" />
      </div>
      <div className="card-body">
        <p className="card-meta">
          {post.startsAt ? (
            <time dateTime={post.nextStartsAt ?? post.startsAt}>{formatDateTime(post.nextStartsAt ?? post.startsAt)}</time>
          ) : (
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          )}
          {post.location && <span> · {post.location}</span>}
        </p>
        <Heading className="card-title">
          <Link to={`/post-details/${post.id}`} className="card-link" onClick={() => rememberSelection('post', post.id)}>
            {post.name}
          </Link>
        </Heading>
        {post.excerpt && <p className="card-excerpt">{post.excerpt}</p>}
      </div>
    </article>
  );
}

/** A testimony as a quotation with its author. */
export function TestimonyCard({ post, headingLevel = 3 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card testimony-card">
      <Heading className="card-title">
        <Link to={`/post-details/${post.id}`} className="card-link" onClick={() => rememberSelection('post', post.id)}>
          {post.name}
        </Link>
      </Heading>
      {post.excerpt && (
        <blockquote>
          <p>{post.excerpt}</p>
        </blockquote>
      )}
      <p className="testimony-author">{testimonyAuthor(post.author)}</p>
    </article>
  );
}

/** Newer/older page links under a list. */
export function Pagination({ page, pages, path }: { page: number; pages: number; path: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? <Link to={page === 2 ? path : `${path}?page=${page - 1}`}>← Newer</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={`${path}?page=${page + 1}`}>Older →</Link> : <span />}
    </nav>
  );
}
