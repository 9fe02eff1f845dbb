import { Link } from 'react-router';
import { ScrollRow } from '../components/scroll-row';
import { HeroSlider, loadHome, MeetingBlock, VisitBlock } from '../features/home';
import { POST_CARD_FIELDS, PostCard, TestimonyCard, type PostCardData } from '../features/posts';
import { VIDEO_FIELDS, VideoFacade, type VideoData } from '../features/videos/video-facade';
import { openGraph, pageMeta, publicUrlOf } from '../lib/meta';
import { siteConfig } from '../site-config';
import type { Route } from './+types/home';

export function loader({ context }: Route.LoaderArgs) {
  return loadHome<PostCardData, VideoData>(context, POST_CARD_FIELDS, VIDEO_FIELDS);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta('Home'),
    ...openGraph({ title: siteConfig.name, description: siteConfig.description, publicUrl: publicUrlOf(matches), path: '/', type: 'website' }),
  ];
}

function SectionHeading({ id, eyebrow, title, link }: { id: string; eyebrow: string; title: string; link?: { to: string; label: string } }) {
  return (
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
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, visit, meeting, programs, testimonies, videos, blog } = loaderData;
  return (
    <>
      <HeroSlider slides={slides} />
      <section className="welcome" aria-labelledby="welcome-heading">
        <div className="welcome-inner">
          <p className="eyebrow">Welcome to {siteConfig.name}</p>
          <h1 id="welcome-heading">{siteConfig.tagline}</h1>
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

      <section className="section tinted" aria-labelledby="programs-heading">
        <SectionHeading id="programs-heading" eyebrow="What is coming up" title="Upcoming programs" link={{ to: '/programs', label: 'All programs' }} />
        {programs.length ? (
          <ScrollRow label="Upcoming programs">
            <div className="card-grid four">
              {programs.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
          </ScrollRow>
        ) : (
          <p>New programs will be announced here soon.</p>
        )}
      </section>

      <section className="section" aria-labelledby="testimonies-heading">
        <SectionHeading id="testimonies-heading" eyebrow="God is faithful" title="Testimonies" link={{ to: '/testimonies', label: 'Read more testimonies' }} />
        {testimonies.length ? (
          <ScrollRow label="Testimonies">
            <div className="card-grid four">
              {testimonies.map((post) => (
                <TestimonyCard key={post.id} post={post} />
              ))}
            </div>
          </ScrollRow>
        ) : (
          <p>Testimonies shared by our members will appear here.</p>
        )}
        <p className="section-cta">
          <Link className="button ghost" to="/user/share-testimony">
            Share your testimony
          </Link>
        </p>
      </section>

      <section className="section dark" aria-labelledby="messages-heading">
        <SectionHeading id="messages-heading" eyebrow="Watch and listen" title="Recent messages" />
        {videos.length ? (
          <ScrollRow label="Recent messages">
            <ul className="video-grid">
              {videos.map((video) => (
                <li key={video.id}>
                  <VideoFacade video={video} />
                </li>
              ))}
            </ul>
          </ScrollRow>
        ) : (
          <p>Recent messages will appear here.</p>
        )}
      </section>

      <section className="section" aria-labelledby="blog-heading">
        <SectionHeading id="blog-heading" eyebrow="From the blog" title="Latest articles" link={{ to: '/blog', label: 'Visit the blog' }} />
        {blog.length ? (
          <ScrollRow label="Latest articles">
            <div className="card-grid four">
              {blog.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
          </ScrollRow>
        ) : (
          <p>New articles are on their way.</p>
        )}
      </section>

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
