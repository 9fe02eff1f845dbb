import { Link } from 'react-router';
import { loadSpeaker, SermonGrid, Subscribe } from '../features/sermons';
import { ResponsiveImage } from '../components/responsive-image';
import { PageIntro } from '../components/page-intro';
import { serverGraphql } from '../lib/graphql';
import { openGraph, pageMeta } from '../lib/meta';
import type { Route } from './+types/sermons-speaker';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadSpeaker(serverGraphql(context), params.slug);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches, 'Speaker not found');
  const { profile } = loaderData;
  const description = profile.bio.slice(0, 200) || `Sermons by ${profile.name}.`;
  return [...pageMeta(matches, profile.name, description), ...openGraph({ title: profile.name, description, matches, path: `/sermons/speakers/${profile.slug}`, image: profile.image })];
}

export default function SermonSpeaker({ loaderData }: Route.ComponentProps) {
  const { profile: speaker, sermons } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Speaker" title={speaker.name} />
      <section className="section sermon-profile" aria-labelledby="speaker-about">
        <h2 id="speaker-about" className="visually-hidden">
          About the speaker
        </h2>
        {speaker.image && (
          <div className="sermon-profile-image">
            <ResponsiveImage data={speaker} alt={speaker.name} sizes="(min-width: 700px) 320px, 100vw" priority />
          </div>
        )}
        <div className="sermon-profile-text">
          {speaker.bio.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="card-meta">
            {speaker.sermonCount} {speaker.sermonCount === 1 ? 'sermon' : 'sermons'}
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="speaker-sermons">
        <h2 id="speaker-sermons">Their sermons, newest first</h2>
        {sermons.length ? <SermonGrid sermons={sermons} headingLevel={3} /> : <p>Their sermons will appear here soon.</p>}
        <p className="sermon-back">
          <Link className="button ghost" to="/sermons">
            ← All sermons
          </Link>
        </p>
      </section>
      <section className="section narrow">
        <Subscribe />
      </section>
    </>
  );
}
