import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatDate } from '../../lib/format';
import { prayedText } from '../../lib/prayed';
import type { PrayedAnswer, PrayerWallEntry } from './prayer-wall';
import './prayer-wall.css';

/**
 * One request on the wall and its "I prayed" button: a form posted to the page's action, so it counts without
 * JavaScript too; `answer` is what the action said about this request.
 */
export function PrayerWallCard({ entry, answer }: { entry: PrayerWallEntry; answer?: PrayedAnswer }) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('id') === entry.id;
  const titleId = `prayer-${entry.id}`;
  const prayed = answer?.count !== undefined;
  // The pressed button is gone once the prayer counts: focus goes to the thanks that replaced it.
  const thanks = useRef<HTMLParagraphElement>(null);
  const wasPrayed = useRef(prayed);
  useEffect(() => {
    if (prayed && !wasPrayed.current) thanks.current?.focus();
    wasPrayed.current = prayed;
  }, [prayed]);
  return (
    <article className="prayer-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{entry.title}</h2>
      <p className="prayer-card-body">{entry.body}</p>
      <p className="prayer-card-meta">
        {entry.name} · {formatDate(entry.createdAt)}
      </p>
      {/* A live region from the start, so the new count and the thanks are announced when the prayer is counted. */}
      <div role="status">
        <p className="prayer-card-count">{prayedText(answer?.count ?? entry.prayedCount)}</p>
        {prayed && (
          <p className="form-success" tabIndex={-1} ref={thanks}>
            Thank you for praying
          </p>
        )}
      </div>
      {!prayed && (
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="id" value={entry.id} />
          <button type="submit" className="button small primary" disabled={sending} aria-describedby={titleId}>
            I prayed
          </button>
          {answer?.message && (
            <p className="field-error" role="alert">
              {answer.message}
            </p>
          )}
        </Form>
      )}
    </article>
  );
}
