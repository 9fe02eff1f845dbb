import { useEffect, useRef, useState } from 'react';
import { PlayControl } from '../../components/play-control';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * An HLS stream behind a click, as the video facade does for YouTube: nothing is asked of the stream's host before
 * someone presses play. Then it plays in a `<video>` where the browser plays HLS itself (Safari, most phones);
 * elsewhere the page says so and links to the stream, to open in a player that does.
 */
export function HlsPlayer({ url, title }: { url: string; title: string }) {
  const [state, setState] = useState<'waiting' | 'playing' | 'unsupported'>('waiting');
  const player = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (state === 'playing') player.current?.focus();
  }, [state]);
  if (state === 'playing') {
    return (
      <div className="live-frame">
        <video ref={player} src={url} controls autoPlay playsInline title={title} />
      </div>
    );
  }
  if (state === 'unsupported') {
    return (
      <p className="live-unsupported" role="status">
        This browser cannot play the stream here.{' '}
        <a className="button primary" href={url}>
          Open the stream
        </a>
      </p>
    );
  }
  return (
    <PlayControl className="live-facade" href={url} onPlay={() => setState(document.createElement('video').canPlayType(HLS_TYPE) ? 'playing' : 'unsupported')}>
      <span className="live-play" aria-hidden="true">
        ▶
      </span>
      <span className="visually-hidden">Play the live stream: </span>
      <span className="live-facade-title">{title}</span>
    </PlayControl>
  );
}
