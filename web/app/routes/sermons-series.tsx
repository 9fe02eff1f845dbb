import { Link } from 'react-router';
import { loadSeries, SermonGrid, Subscribe } from '../features/sermons';
import { ResponsiveImage } from '../components/responsive-image';
import { PageIntro } from '../components/page-intro';
import { serverGraphql } from '../lib/graphql';
import { openGraph, pageMeta } from '../lib/meta';
import type { Route } from './+types/sermons-series';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadSeries(serverGraphql(context), params.slug);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches, 'Series not found');
  const { profile } = loaderData;
  const description = profile.description.slice(0, 200) || `Sermons in the series ${profile.title}.`;
  return [...pageMeta(matches, profile.title, description), ...openGraph({ title: profile.title, description, matches, path: `/sermons/series/${profile.slug}`, image: profile.image })];
}

export default function SermonSeries({ loaderData }: Route.ComponentProps) {
  const { profile: series, sermons } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Sermon series" title={series.title} />
      <section className="section sermon-profile" aria-labelledby="series-about">
        <h2 id="series-about" className="visually-hidden">
          About the series
        </h2>
        {series.image && (
          <div className="sermon-profile-image">
            <ResponsiveImage data={series} alt="" sizes="(min-width: 700px) 320px, 100vw" priority />
          </div>
        )}
        <div className="sermon-profile-text">
          {series.description.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="card-meta">
            {series.sermonCount} {series.sermonCount === 1 ? 'sermon' : 'sermons'}
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="series-sermons">
        <h2 id="series-sermons">The sermons, in order</h2>
        {sermons.length ? <SermonGrid sermons={sermons} headingLevel={3} /> : <p>The first sermon of this series is coming soon.</p>}
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
