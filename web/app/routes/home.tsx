import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScrollRow } from '../components/scroll-row';
import { HeroSlider, loadHome, MeetingBlock, VisitBlock } from '../features/home';
import { POST_CARD_FIELDS, PostCard, TestimonyCard, type PostCardData } from '../features/posts';
import { VIDEO_FIELDS, VideoFacade, type VideoData } from '../features/videos/video-facade';
import { churchLd, JsonLd, videoObjectLd } from '../features/site';
import { settingsOf, usePublicUrl, useSiteSettings } from '../lib/site-settings';
import { openGraph, pageMeta, siteNameOf } from '../lib/meta';
import type { Route } from './+types/home';
import { serverGraphql } from '../lib/graphql';
import './home.css';

export function loader({ context }: Route.LoaderArgs) {
  return loadHome<PostCardData, VideoData>(serverGraphql(context), POST_CARD_FIELDS, VIDEO_FIELDS);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, 'Home'),
    ...openGraph({ matches, title: siteNameOf(matches), description: settingsOf(matches).description, path: '/', type: 'website' }),
  ];
}

type RowSectionProps = {
  id: string;
  className: string;
  eyebrow: string;
  title: string;
  link?: { to: string; label: string };
  /** The row's cards, or nothing while there are none. */
  row: ReactNode;
  /** Said in place of the row while it is empty. */
  empty: string;
  /** What follows the row (a call to action). */
  children?: ReactNode;
};

/** A home-page section: its heading, then a row of cards that scrolls sideways (or a line saying what will come). */
function RowSection({ id, className, eyebrow, title, link, row, empty, children }: RowSectionProps) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="section-heading">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={id}>{title}</h2>
        </div>
        {link && (
          <Link className="more-link" to={link.to}>
            {link.label}
          </Link>
        )}
      </div>
      {row ? <ScrollRow label={title}>{row}</ScrollRow> : <p>{empty}</p>}
      {children}
    </section>
  );
}

/** Post or testimony cards, four to a row on wide screens; nothing when there are none. */
function cardGrid(posts: PostCardData[], Card: typeof PostCard) {
  return (
    posts.length > 0 && (
      <div className="card-grid four">
        {posts.map((post) => (
          <Card key={post.id} post={post} />
        ))}
      </div>
    )
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, visit, meeting, programs, testimonies, videos, blog } = loaderData;
  const settings = useSiteSettings();
  const publicUrl = usePublicUrl();
  return (
    <>
      <JsonLd data={[churchLd(settings, publicUrl), ...videos.map((video) => videoObjectLd(video, publicUrl))]} />
      <HeroSlider slides={slides} />
      <section className="welcome" aria-labelledby="welcome-heading">
        <div className="welcome-inner">
          <p className="eyebrow">Welcome to {settings.name}</p>
          <h1 id="welcome-heading">{settings.tagline}</h1>
          <p className="lead">Worship with us on Sundays at 10am, pray with us online through the week, and find a family that will walk with you.</p>
          <p className="actions">
            <Link className="button primary" to="/visit-info">
              Plan your visit
            </Link>
            <Link className="button ghost" to="/user/prayer-request">
              Request prayer
            </Link>
          </p>
        </div>
      </section>

      <VisitBlock image={visit[0]} />
      <MeetingBlock meeting={meeting[0]} />

      <RowSection
        id="programs-heading"
        className="section tinted"
        eyebrow="What is coming up"
        title="Upcoming programs"
        link={{ to: '/programs', label: 'All programs' }}
        row={cardGrid(programs, PostCard)}
        empty="New programs will be announced here soon."
      />

      <RowSection
        id="testimonies-heading"
        className="section"
        eyebrow="God is faithful"
        title="Testimonies"
        link={{ to: '/testimonies', label: 'Read more testimonies' }}
        row={cardGrid(testimonies, TestimonyCard)}
        empty="Testimonies shared by our members will appear here."
      >
        <p className="section-cta">
          <Link className="button ghost" to="/user/share-testimony">
            Share your testimony
          </Link>
        </p>
      </RowSection>

      <RowSection
        id="messages-heading"
        className="section dark"
        eyebrow="Watch and listen"
        title="Recent messages"
        link={{ to: '/sermons', label: 'All sermons' }}
        row={
          videos.length > 0 && (
            <ul className="video-grid">
              {videos.map((video) => (
                <li key={video.id}>
                  <VideoFacade video={video} />
                </li>
              ))}
            </ul>
          )
        }
        empty="Recent messages will appear here."
      />

      <RowSection
        id="blog-heading"
        className="section"
        eyebrow="From the blog"
        title="Latest articles"
        link={{ to: '/blog', label: 'Visit the blog' }}
        row={cardGrid(blog, PostCard)}
        empty="New articles are on their way."
      />

      <section className="section cta-band" aria-labelledby="care-heading">
        <h2 id="care-heading">Carrying something heavy?</h2>
        <p>You do not have to carry it alone. Our pastors and prayer team would be glad to hear from you.</p>
        <p className="actions">
          <Link className="button primary" to="/life-line">
            Life line
          </Link>
          <Link className="button light" to="/counselling">
            Ask for counselling
          </Link>
        </p>
      </section>
    </>
  );
}
