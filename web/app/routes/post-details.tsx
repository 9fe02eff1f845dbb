import { Link } from 'react-router';
import { authorName, CATEGORY, loadPost, testimonyAuthor } from '../features/posts';
import { ResponsiveImage } from '../components/responsive-image';
import { formatDate } from '../lib/format';
import { openGraph, pageMeta, publicUrlOf } from '../lib/meta';
import type { Route } from './+types/post-details';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadPost(context, params.id);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta('Post not found');
  const description = loaderData.excerpt?.slice(0, 200) || `${loaderData.name}: read it on our website.`;
  return [
    ...pageMeta(loaderData.name, description),
    ...openGraph({ title: loaderData.name, description, publicUrl: publicUrlOf(matches), path: `/post-details/${loaderData.id}`, image: loaderData.image }),
  ];
}

const BACK_LINKS: Record<string, { to: string; label: string }> = {
  [CATEGORY.programs]: { to: '/programs', label: 'All programs' },
  [CATEGORY.testimonies]: { to: '/testimonies', label: 'All testimonies' },
  [CATEGORY.blog]: { to: '/blog', label: 'All articles' },
};

export default function PostDetails({ loaderData: post }: Route.ComponentProps) {
  const back = BACK_LINKS[String(post.categoryId)] ?? { to: '/blog', label: 'The blog' };
  const author = String(post.categoryId) === String(CATEGORY.testimonies) ? testimonyAuthor(post.author) : authorName(post.author);
  return (
    <article className="post">
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
