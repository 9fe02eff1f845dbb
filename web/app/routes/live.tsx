import { useCallback } from 'react';
import { Link, useRevalidator } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { Countdown, HlsPlayer, LIVE_QUERY, PrayerPanel, useWhenReached, type LiveData, type LiveStream, type NextService } from '../features/live';
import { VideoFacade } from '../features/videos/video-facade';
import { loadPublic, serverGraphql } from '../lib/graphql';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/live';

export async function loader({ context }: Route.LoaderArgs) {
  const { liveStream, nextService } = await loadPublic<LiveData>(serverGraphql(context), LIVE_QUERY);
  return { stream: liveStream ?? null, next: nextService ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Live', 'Watch our Sunday service live, send a prayer request, and follow the service sheet.');

function ServiceSheet({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <p>
      <a href={url}>Open the service sheet</a>
    </p>
  );
}

/** The player, behind a click: nothing is asked of YouTube or the stream's host until someone presses play. */
function Player({ stream }: { stream: LiveStream }) {
  if (stream.video) return <VideoFacade video={{ id: 'live', title: stream.title, video: stream.video, poster: null, createdAt: stream.startsAt }} />;
  if (stream.hlsUrl) return <HlsPlayer url={stream.hlsUrl} title={stream.title} />;
  return <p>The stream will appear here in a moment.</p>;
}

/** While live, the page asks again once the stream's end comes, to say it has ended. */
function EndsAt({ at, onEnd }: { at: string; onEnd: () => void }) {
  useWhenReached(at, onEnd);
  return null;
}

function NextUp({ next, onStart }: { next: NextService | null; onStart: () => void }) {
  if (!next) return null;
  return (
    <section className="section narrow" aria-labelledby="next-heading">
      <h2 id="next-heading">Next service: {next.name}</h2>
      <Countdown key={next.startsAt} to={next.startsAt} onStart={onStart} />
    </section>
  );
}

export default function Live({ loaderData }: Route.ComponentProps) {
  const { stream, next } = loaderData;
  const revalidator = useRevalidator();
  // When a countdown reaches its start, the page asks again: the server's clock says whether it is live.
  const refresh = useCallback(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  }, [revalidator]);

  if (stream?.status === 'Live') {
    return (
      <>
        <PageIntro eyebrow="Live now" title={stream.title} />
        <section className="section narrow" aria-label="Live stream">
          <p className="live-badge">Live</p>
          <EndsAt key={stream.endsAt} at={stream.endsAt} onEnd={refresh} />
          <Player stream={stream} />
          <ServiceSheet url={stream.serviceSheetUrl} />
          <PrayerPanel />
        </section>
      </>
    );
  }

  if (stream?.status === 'Upcoming') {
    return (
      <>
        <PageIntro eyebrow="Watch with us" title="Live" lead="Join our service online. The stream starts here at the time below." />
        <section className="section narrow" aria-labelledby="stream-heading">
          <h2 id="stream-heading">{stream.title}</h2>
          <Countdown key={stream.startsAt} to={stream.startsAt} onStart={refresh} />
          <ServiceSheet url={stream.serviceSheetUrl} />
          <PrayerPanel />
        </section>
      </>
    );
  }

  return (
    <>
      <PageIntro eyebrow="Watch with us" title="Live" />
      <section className="section narrow">
        <h2>The service has ended</h2>
        <p>
          {stream?.sermonId ? (
            <Link to={`/sermons/${stream.sermonId}`}>Watch the sermon again</Link>
          ) : (
            <Link to="/sermons">Watch recent sermons</Link>
          )}
        </p>
        <PrayerPanel />
      </section>
      <NextUp next={next} onStart={refresh} />
    </>
  );
}
