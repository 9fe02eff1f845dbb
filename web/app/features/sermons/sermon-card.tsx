import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { usePublicUrl, useSiteSettings } from '../../lib/site-settings';
import type { SermonCardData } from './queries';
import '../../styles/cards.css';
import './sermons.css';

/** When a sermon was preached, else when it was put up. */
export const sermonDate = (sermon: Pick<SermonCardData, 'preachedOn' | 'createdAt'>) => sermon.preachedOn ?? sermon.createdAt;

/** The series and speaker of a sermon as links, and its passages. */
export function SermonByline({ sermon }: { sermon: SermonCardData }) {
  return (
    <>
      {(sermon.series || sermon.speaker) && (
        <p className="sermon-byline">
          {sermon.speaker && <Link to={`/sermons/speakers/${sermon.speaker.slug}`}>{sermon.speaker.name}</Link>}
          {sermon.series && sermon.speaker && ' · '}
          {sermon.series && (
            <>
              Series: <Link to={`/sermons/series/${sermon.series.slug}`}>{sermon.series.title}</Link>
            </>
          )}
        </p>
      )}
      {sermon.passages.length > 0 && <p className="sermon-passages">{sermon.passages.join('; ')}</p>}
    </>
  );
}

/** A sermon in a grid: its poster, date, title (the link to its page), speaker, series and passages. */
export function SermonCard({ sermon, headingLevel = 2 }: { sermon: SermonCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const date = sermonDate(sermon);
  return (
    <article className="card sermon-card">
      <div className="card-media">{sermon.poster && <img src={sermon.poster} alt="" loading="lazy" decoding="async" width="480" height="270" />}</div>
      <div className="card-body">
        <p className="card-meta">
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
        <Heading className="card-title">
          <Link to={`/sermons/${sermon.id}`} className="card-link">
            {sermon.title}
          </Link>
        </Heading>
        <SermonByline sermon={sermon} />
      </div>
    </article>
  );
}

/** Sermons as cards: one column on a phone, more as the screen widens. */
export function SermonGrid({ sermons, headingLevel }: { sermons: SermonCardData[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="card-grid sermon-grid">
      {sermons.map((sermon) => (
        <li key={sermon.id}>
          <SermonCard sermon={sermon} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Where to follow the sermons: the podcast feed, which any podcast app takes. */
export function Subscribe() {
  const feed = `${usePublicUrl()}/podcast.xml`;
  const { podcastAppleUrl, podcastSpotifyUrl } = useSiteSettings();
  return (
    <aside className="sermon-subscribe" aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading">Subscribe</h2>
      {(podcastAppleUrl || podcastSpotifyUrl) && (
        <ul className="sermon-subscribe-apps">
          {podcastAppleUrl && (
            <li>
              <a href={podcastAppleUrl}>Apple Podcasts</a>
            </li>
          )}
          {podcastSpotifyUrl && (
            <li>
              <a href={podcastSpotifyUrl}>Spotify</a>
            </li>
          )}
        </ul>
      )}
      <p>
        Listen in your podcast app: add our feed, <a href="/podcast.xml">{feed}</a>, and new sermons arrive as they are published.
      </p>
    </aside>
  );
}
