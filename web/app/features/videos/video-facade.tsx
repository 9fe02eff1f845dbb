import { useEffect, useRef, useState } from 'react';
import { PlayControl } from '../../components/play-control';
import './video-facade.css';

export type VideoData = { id: string; title: string; video: string; poster: string | null; createdAt: string };

export const VIDEO_FIELDS = 'id title video poster createdAt';

/**
 * A "lite" YouTube embed: a local poster and a play button. The player (and every request to YouTube) only
 * happens once someone asks for it; without JavaScript it is a link that opens the video on YouTube.
 */
export function VideoFacade({ video }: { video: VideoData }) {
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  // The button that was pressed is gone: keep keyboard focus on what replaced it.
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);
  const id = encodeURIComponent(video.video);
  if (playing) {
    return (
      <div className="video-frame">
        <iframe
          ref={player}
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
          title={video.title}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <PlayControl className="video-facade" href={`https://www.youtube.com/watch?v=${id}`} onPlay={() => setPlaying(true)}>
      {video.poster && <img src={video.poster} alt="" loading="lazy" decoding="async" width="480" height="270" />}
      <span className="play-icon" aria-hidden="true">
        <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
          <rect width="68" height="48" rx="12" fill="currentColor" />
          <path d="M27 14v20l18-10z" fill="#fff" />
        </svg>
      </span>
      <span className="visually-hidden">Play video: </span>
      <span className="video-title">{video.title}</span>
    </PlayControl>
  );
}
