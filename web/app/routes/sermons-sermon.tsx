import { Link } from 'react-router';
import { AllSermonsLink, AudioPlayer, Chapters, loadSermon, PassageLinks, SermonByline, sermonDate, sermonImage, sermonLd, Subscribe, Transcript } from '../features/sermons';
import { VideoFacade } from '../features/videos/video-facade';
import { breadcrumbLd, JsonLd } from '../features/site';
import { usePublicUrl, useSiteSettings } from '../lib/site-settings';
import { formatDate } from '../lib/format';
import { serverGraphql } from '../lib/graphql';
import { openGraph, pageMeta, publicUrlOf } from '../lib/meta';
import type { Route } from './+types/sermons-sermon';
import '../styles/content.css';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadSermon(serverGraphql(context), params.id);
}

export const links: Route.LinksFunction = () => [{ rel: 'alternate', type: 'application/rss+xml', title: 'Sermons (podcast)', href: '/podcast.xml' }];

export function meta({ loaderData: sermon, matches }: Route.MetaArgs) {
  if (!sermon) return pageMeta(matches, 'Sermon not found');
  const description = sermon.summary?.slice(0, 200) || [sermon.title, sermon.speaker?.name, sermon.passages.join('; ')].filter(Boolean).join(' · ');
  const tags = [...pageMeta(matches, sermon.title, description), ...openGraph({ title: sermon.title, description, matches, path: `/sermons/${sermon.id}`, image: sermonImage(sermon, publicUrlOf(matches)), type: 'video.other' })];
  if (!sermon.audio) return tags;
  const audio = { property: 'og:audio', content: new URL(sermon.audio, `${publicUrlOf(matches)}/`).href };
  return [...tags, audio, ...(sermon.audioMimeType ? [{ property: 'og:audio:type', content: sermon.audioMimeType }] : [])];
}

export default function Sermon({ loaderData: sermon }: Route.ComponentProps) {
  const publicUrl = usePublicUrl();
  const settings = useSiteSettings();
  const date = sermonDate(sermon);
  const audio = sermon.audio;
  return (
    <article className="sermon-page">
      <JsonLd
        data={[
          ...sermonLd(sermon, publicUrl, settings.name),
          breadcrumbLd(publicUrl, [
            { name: 'Home', path: '/' },
            { name: 'Sermons', path: '/sermons' },
            { name: sermon.title, path: `/sermons/${sermon.id}` },
          ]),
        ]}
      />
      <header className="sermon-header">
        <p className="eyebrow">
          <Link to="/sermons">Sermons</Link>
        </p>
        <h1>{sermon.title}</h1>
        <p className="sermon-meta">
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
        <SermonByline sermon={{ ...sermon, passages: [] }} />
      </header>
      <div className="sermon-video">
        <VideoFacade video={sermon} />
      </div>
      {audio && <AudioPlayer sermon={{ ...sermon, audio }} />}
      {sermon.passages.length > 0 && (
        <section aria-labelledby="passages-heading">
          <h2 id="passages-heading">Bible passages</h2>
          <PassageLinks passages={sermon.passages} />
        </section>
      )}
      {sermon.summary && (
        <section aria-labelledby="summary-heading">
          <h2 id="summary-heading">Summary</h2>
          {sermon.summary.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      )}
      <Chapters json={sermon.chapters} />
      {sermon.transcript && <Transcript text={sermon.transcript} />}
      <Subscribe />
      <AllSermonsLink />
    </article>
  );
}
