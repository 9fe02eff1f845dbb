import { useFetcher } from 'react-router';
import { formatDate } from '../../lib/format';
import { prayedText, type PrayedAnswer, type PrayerWallEntry } from './prayer-wall';
import './prayer-wall.css';

/**
 * One request on the wall and its "I prayed" button: a form posted to the page's action, so it counts without
 * JavaScript too (`answer` is then the action's answer for the whole page); with JavaScript only the count changes.
 */
export function PrayerWallCard({ entry, answer }: { entry: PrayerWallEntry; answer?: PrayedAnswer }) {
  const fetcher = useFetcher<PrayedAnswer>();
  const result = fetcher.data ?? (answer?.id === entry.id ? answer : undefined);
  const titleId = `prayer-${entry.id}`;
  return (
    <article className="prayer-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{entry.title}</h2>
      <p className="prayer-card-body">{entry.body}</p>
      <p className="prayer-card-meta">
        {entry.name} · {formatDate(entry.createdAt)}
      </p>
      <p className="prayer-card-count">{prayedText(result?.count ?? entry.prayedCount)}</p>
      {result?.count === undefined ? (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={entry.id} />
          <button type="submit" className="button small primary" disabled={fetcher.state !== 'idle'} aria-describedby={titleId}>
            I prayed
          </button>
          {result?.message && (
            <p className="field-error" role="alert">
              {result.message}
            </p>
          )}
        </fetcher.Form>
      ) : (
        <p className="form-success" role="status">
          Thank you for praying
        </p>
      )}
    </article>
  );
}
