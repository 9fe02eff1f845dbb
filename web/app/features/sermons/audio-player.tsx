import { durationInWords, fileDescription } from './sermon-text';
import type { SermonDetail } from './queries';

/**
 * The sermon's audio: the browser's own player (keyboard and screen-reader ready), fetched only when played,
 * under a visible label with its length in words, and a link to keep the file.
 */
export function AudioPlayer({ sermon }: { sermon: SermonDetail & { audio: string } }) {
  const file = fileDescription(sermon.audioMimeType, sermon.audioBytes);
  return (
    <section className="sermon-audio" aria-labelledby="audio-heading">
      <h2 id="audio-heading">Listen</h2>
      <p id="audio-label" className="sermon-audio-label">
        {sermon.title}
        {sermon.audioDurationSeconds ? <span> ({durationInWords(sermon.audioDurationSeconds)})</span> : null}
      </p>
      <audio controls preload="none" src={sermon.audio} aria-labelledby="audio-label">
        <a href={sermon.audio}>Listen to the sermon</a>
      </audio>
      <p>
        <a href={sermon.audio} download>
          Download the audio{file && ` (${file})`}
        </a>
      </p>
    </section>
  );
}
