import { chaptersOf, clockTime, passageUrl, transcriptParagraphs } from './sermon-text';

/** The passages preached on, each opening on a public Bible site in a new tab. */
export function PassageLinks({ passages }: { passages: string[] }) {
  return (
    <ul className="sermon-passage-links">
      {passages.map((passage) => (
        <li key={passage}>
          <a href={passageUrl(passage)} target="_blank" rel="noopener">
            {passage}
            <span className="visually-hidden"> (Bible Gateway, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The sermon's chapters with the time each starts; nothing when it has none. */
export function Chapters({ json }: { json: string | null }) {
  const chapters = chaptersOf(json);
  if (!chapters.length) return null;
  return (
    <section className="sermon-chapters" aria-labelledby="chapters-heading">
      <h2 id="chapters-heading">Chapters</h2>
      <ol>
        {chapters.map((chapter) => (
          <li key={`${chapter.startTime}-${chapter.title}`}>
            <span className="chapter-time">{clockTime(chapter.startTime)}</span> {chapter.title}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The transcript as text to read, folded away until asked for. */
export function Transcript({ text }: { text: string }) {
  const paragraphs = transcriptParagraphs(text);
  if (!paragraphs.length) return null;
  return (
    <details className="sermon-transcript">
      <summary>Read the transcript</summary>
      <div className="prose">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}
