import { Link } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { ResponsiveImage, type ImageFields } from '../../components/responsive-image';
import { openGraph, pageMeta } from '../../lib/meta';
import { SermonGrid, Subscribe } from './sermon-card';
import type { SermonCardData } from './queries';

/** What a series' or a speaker's page says of it: its name, its text, its image, and how it is addressed. */
type Profile = ImageFields & { slug: string; sermonCount: number };

/** How a page shows one kind of profile: a series, a speaker. */
type ProfileKind = {
  /** The page's part of the address, under `/sermons/`: `series`, `speakers`. */
  path: string;
  /** The ids of the page's sections start with it: `series-about`. */
  id: string;
  eyebrow: string;
  /** The hidden heading of the "about" section: "About the series". */
  about: string;
  /** The heading over the sermons: "The sermons, in order". */
  sermonsHeading: string;
  /** Said where there are no sermons yet. */
  noSermons: string;
  /** The page's title when nothing has the address. */
  notFound: string;
  /** The image's alternative text: empty where the image only decorates. */
  alt: (title: string) => string;
};

type Matches = Parameters<typeof pageMeta>[0];

/** A profile page's title, description (its text's start, or `fallback`) and its sharing card. */
export function profileMeta(kind: ProfileKind, matches: Matches, profile: Profile | undefined, title: string, text: string, fallback: string) {
  if (!profile) return pageMeta(matches, kind.notFound);
  const description = text.slice(0, 200) || fallback;
  return [...pageMeta(matches, title, description), ...openGraph({ title, description, matches, path: `/sermons/${kind.path}/${profile.slug}`, image: profile.image })];
}

/** The way back from one sermon's, series' or speaker's page to them all. */
export const AllSermonsLink = () => (
  <p className="sermon-back">
    <Link className="button ghost" to="/sermons">
      ← All sermons
    </Link>
  </p>
);

/** A series' or speaker's page: who or what it is, then its sermons and how to subscribe. */
export function SermonProfile({ kind, profile, title, text, sermons }: { kind: ProfileKind; profile: Profile; title: string; text: string; sermons: SermonCardData[] }) {
  return (
    <>
      <PageIntro eyebrow={kind.eyebrow} title={title} />
      <section className="section sermon-profile" aria-labelledby={`${kind.id}-about`}>
        <h2 id={`${kind.id}-about`} className="visually-hidden">
          {kind.about}
        </h2>
        {profile.image && (
          <div className="sermon-profile-image">
            <ResponsiveImage data={profile} alt={kind.alt(title)} sizes="(min-width: 700px) 320px, 100vw" priority />
          </div>
        )}
        <div className="sermon-profile-text">
          {text.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="card-meta">
            {profile.sermonCount} {profile.sermonCount === 1 ? 'sermon' : 'sermons'}
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby={`${kind.id}-sermons`}>
        <h2 id={`${kind.id}-sermons`}>{kind.sermonsHeading}</h2>
        {sermons.length ? <SermonGrid sermons={sermons} headingLevel={3} /> : <p>{kind.noSermons}</p>}
        <AllSermonsLink />
      </section>
      <section className="section narrow">
        <Subscribe />
      </section>
    </>
  );
}

export const SERIES_PAGE: ProfileKind = {
  path: 'series',
  id: 'series',
  eyebrow: 'Sermon series',
  about: 'About the series',
  sermonsHeading: 'The sermons, in order',
  noSermons: 'The first sermon of this series is coming soon.',
  notFound: 'Series not found',
  alt: () => '',
};

export const SPEAKER_PAGE: ProfileKind = {
  path: 'speakers',
  id: 'speaker',
  eyebrow: 'Speaker',
  about: 'About the speaker',
  sermonsHeading: 'Their sermons, newest first',
  noSermons: 'Their sermons will appear here soon.',
  notFound: 'Speaker not found',
  alt: (name) => name,
};
