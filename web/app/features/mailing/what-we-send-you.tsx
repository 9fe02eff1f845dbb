import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { failureOf, type FormErrors } from '../../lib/graphql';
import { useMemberGraphql, useMemberRead } from '../../lib/member-graphql';
import {
  ACTION_WORDS,
  BASIS_WORDS,
  MY_PREFERENCES,
  SOURCE_WORDS,
  UPDATE_PREFERENCES,
  type CommunicationPreferences,
  type ConsentEvent,
  type ListPreference,
} from './mailing';
import './mailing.css';

const SUPPRESSED = 'Your address bounced or asked us to stop; we send it nothing.';

/**
 * The privacy centre's "What we send you": a box for each list (ticked: we send it), why we send it, and every
 * change the ledger holds, in the words that were shown. Saving sends every box; the server records only changes.
 */
export function WhatWeSendYou() {
  const { data, loading, failed } = useMemberRead<{ myCommunicationPreferences: CommunicationPreferences }>(MY_PREFERENCES);
  const [saved, setSaved] = useState<CommunicationPreferences | null>(null);
  const preferences = saved ?? data?.myCommunicationPreferences;
  return (
    <section className="privacy-section" aria-labelledby="privacy-mailing">
      <h2 id="privacy-mailing">What we send you</h2>
      {loading && !preferences && <p role="status">Loading your e-mail choices…</p>}
      {failed && !preferences && <p className="form-alert">Your e-mail choices could not be loaded. Please try again.</p>}
      {preferences && (
        <>
          {preferences.suppressed && <p className="form-alert">{SUPPRESSED}</p>}
          <PreferencesForm preferences={preferences} onSaved={setSaved} />
          <ConsentHistory events={preferences.history} />
        </>
      )}
    </section>
  );
}

function PreferencesForm({ preferences, onSaved }: { preferences: CommunicationPreferences; onSaved: (saved: CommunicationPreferences) => void }) {
  const graphql = useMemberGraphql();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ errors: FormErrors } | { done: true } | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const lists = preferences.lists.map(({ list }) => ({ listId: list.id, ticked: form.get(`list.${list.id}`) === 'yes' }));
    setBusy(true);
    const answer = await graphql.request<{ updateCommunicationPreferences: CommunicationPreferences }>(UPDATE_PREFERENCES, { lists });
    setBusy(false);
    const failure = failureOf(answer);
    if (failure || !answer.data) {
      setOutcome({ errors: failure ?? { fields: {}, message: 'Your choices could not be saved. Please try again.' } });
      return;
    }
    onSaved(answer.data.updateCommunicationPreferences);
    setOutcome({ done: true });
  };

  if (!preferences.lists.length) return <p>We have no e-mail lists at the moment.</p>;
  const failed = outcome && 'errors' in outcome ? outcome.errors : null;
  const message = failed ? (failed.message ?? Object.values(failed.fields).join(' ')) : 'Your choices are saved.';
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="form-card">
      <p>
        Ticked lists are sent to {preferences.email}. Every e-mail has a link to stop it. To sign up from elsewhere, see our <Link to="/newsletters">newsletters</Link>.
      </p>
      <fieldset className="fieldset mailing-choices">
        <legend>Our e-mail lists</legend>
        {preferences.lists.map((preference) => (
          <ListBox key={preference.list.id} preference={preference} />
        ))}
      </fieldset>
      <p ref={result} tabIndex={-1} className={failed ? 'form-alert' : outcome ? 'form-success' : undefined} role={failed ? 'alert' : 'status'}>
        {outcome && message}
      </p>
      <button type="submit" className="button primary" disabled={busy} aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Save my e-mail choices'}
      </button>
    </form>
  );
}

/** What stands beside a list's box: waiting for the e-mailed link, or why we send it and since when. */
function standing({ pending, subscribed, basis, since }: ListPreference): string | null {
  if (pending) return 'Waiting for you to confirm by e-mail';
  if (!subscribed || !basis) return null;
  return since ? `${BASIS_WORDS[basis]}. Since ${formatDate(since)}.` : `${BASIS_WORDS[basis]}.`;
}

function ListBox({ preference }: { preference: ListPreference }) {
  const id = `field-list.${preference.list.id}`;
  const note = standing(preference);
  return (
    <div className="mailing-choice">
      <input type="checkbox" id={id} name={`list.${preference.list.id}`} value="yes" defaultChecked={preference.subscribed || preference.pending} aria-describedby={note ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{preference.wording}</label>
      {note && (
        <p className="field-hint" id={`${id}-hint`}>
          {note}
        </p>
      )}
    </div>
  );
}

function ConsentHistory({ events }: { events: ConsentEvent[] }) {
  return (
    <>
      <h3>Your choices so far</h3>
      {events.length ? (
        <table className="consent-history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">List</th>
              <th scope="col">What happened</th>
              <th scope="col">Where</th>
              <th scope="col">The words shown</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td data-label="Date">{formatDate(event.at)}</td>
                <td data-label="List">{event.listName}</td>
                <td data-label="What happened">{ACTION_WORDS[event.action]}</td>
                <td data-label="Where">{SOURCE_WORDS[event.source]}</td>
                <td data-label="The words shown">{event.wording}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>You have made no choices about our e-mails yet.</p>
      )}
    </>
  );
}
