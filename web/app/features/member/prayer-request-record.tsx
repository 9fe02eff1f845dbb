import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert, RadioGroup } from '../../components/form';
import type { FormErrors } from '../../lib/graphql';
import { formatDate } from '../../lib/format';
import { prayedText } from '../../lib/prayed';
import {
  narrowerChoices,
  PRAYER_STATUS_LABELS,
  PRIVACY_SUMMARY,
  useChangePrayerRequest,
  wallNameLabel,
  type PrayerChange,
  type PrayerPrivacy,
  type PrayerRequest,
  type PrayerWallStatus,
} from './prayer-requests';
import './prayer-request-record.css';

const WALL_STATES: Record<Exclude<PrayerWallStatus, 'NotRequested'>, string> = {
  Pending: "Waiting for a pastor's approval",
  Approved: 'On the prayer wall',
  Removed: 'Removed from the prayer wall',
};

const NARROWED: Record<PrayerPrivacy, string> = {
  PrayerWall: 'Saved. The prayer wall now shows it as Anonymous.',
  PrayerTeam: 'Saved. Only our pastors and prayer team can read it now.',
  PastorsOnly: 'Saved. Only our pastors can read it now.',
};

/** Renewing is offered this close to the end of sharing, and after it. */
const RENEW_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

type Panel = 'close' | 'narrow' | null;

/** One of the member's prayer requests: where it stands, what was replied, and what they may change. */
export function PrayerRequestRecord({ request, onChanged }: { request: PrayerRequest; onChanged: (request: PrayerRequest) => void }) {
  const change = useChangePrayerRequest();
  const [panel, setPanel] = useState<Panel>(null);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const record = useRef<HTMLLIElement>(null);
  const panelOpened = useRef(false);

  const closed = request.status === 'Closed';
  const shared = request.privacy !== 'PastorsOnly' && !closed;
  const expired = new Date(request.expiresAt).getTime() <= Date.now();
  const canRenew = shared && new Date(request.expiresAt).getTime() - Date.now() <= RENEW_WITHIN_MS;
  const narrower = closed ? [] : narrowerChoices(request);

  // The buttons that were pressed may be gone: the outcome takes the focus, so it is heard and seen.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  // Opening a confirmation puts the keyboard on its first control; leaving it goes back to the buttons.
  useEffect(() => {
    if (!panelOpened.current || resultRef.current) return;
    record.current?.querySelector<HTMLElement>(panel ? '.prayer-confirm :is(input:checked, button)' : '.prayer-actions button')?.focus();
  }, [panel]);

  const apply = async (next: PrayerChange, success: (updated: PrayerRequest) => string) => {
    setPending(true);
    setErrors(null);
    const answer = await change(request.id, next);
    setPending(false);
    if ('errors' in answer) {
      setErrors(answer.errors);
      return;
    }
    setPanel(null);
    setResult(success(answer.request));
    onChanged(answer.request);
  };

  const show = (next: Panel) => {
    panelOpened.current = true;
    setResult(null);
    setErrors(null);
    setPanel(next);
  };

  return (
    <li className="record" ref={record}>
      <div className="record-head">
        <h2>{request.title}</h2>
        <span className={`status status-${request.status}`}>{PRAYER_STATUS_LABELS[request.status] ?? request.status}</span>
      </div>
      <p className="record-meta">Sent on {formatDate(request.createdAt)}</p>
      <p className="record-body">{request.body}</p>

      <dl className="prayer-facts">
        <div>
          <dt>Who may read it</dt>
          <dd>{PRIVACY_SUMMARY[request.privacy]}</dd>
        </div>
        {request.privacy === 'PrayerWall' && request.wallName && (
          <div>
            <dt>Name on the wall</dt>
            <dd>{wallNameLabel(request.wallName)}</dd>
          </div>
        )}
        {request.wallStatus !== 'NotRequested' && (
          <div>
            <dt>Prayer wall</dt>
            <dd>{request.wallStatus === 'Approved' ? <Link to="/prayer-wall">{WALL_STATES.Approved}</Link> : WALL_STATES[request.wallStatus]}</dd>
          </div>
        )}
        {(request.wallStatus !== 'NotRequested' || request.prayedCount > 0) && (
          <div>
            <dt>Prayers</dt>
            <dd>{prayedText(request.prayedCount)}</dd>
          </div>
        )}
        {shared && (
          <div>
            <dt>Sharing</dt>
            <dd>{expired ? `Sharing ended on ${formatDate(request.expiresAt)}` : `Shared until ${formatDate(request.expiresAt)}`}</dd>
          </div>
        )}
      </dl>

      {request.replies.length > 0 && (
        <section className="prayer-replies" aria-label={`Replies to ${request.title}`}>
          <h3>Replies from our pastors</h3>
          <ul>
            {request.replies.map((reply) => (
              <li key={`${reply.createdAt}-${reply.body}`}>
                <p className="record-meta">{formatDate(reply.createdAt)}</p>
                <p className="record-body">{reply.body}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {result && (
        <p className="form-success" role="status" tabIndex={-1} ref={resultRef}>
          {result}
        </p>
      )}
      <FormAlert message={errors?.message ?? Object.values(errors?.fields ?? {})[0]} id={`prayer-${request.id}-error`} />

      {panel === 'close' && (
        <div className="prayer-confirm">
          <p>Close this prayer request? It stops being shared with the prayer team and on the prayer wall. This cannot be undone.</p>
          <div className="prayer-actions">
            <button type="button" className="button small primary" disabled={pending} onClick={() => void apply({ kind: 'close' }, () => 'Your prayer request is closed.')}>
              Yes, close it
            </button>
            <button type="button" className="button small ghost" onClick={() => show(null)}>
              Keep it open
            </button>
          </div>
        </div>
      )}

      {panel === 'narrow' && narrower.length > 0 && (
        <NarrowForm
          request={request}
          choices={narrower}
          pending={pending}
          onCancel={() => show(null)}
          onNarrow={(choice) => void apply({ kind: 'narrow', ...choice }, (updated) => NARROWED[updated.privacy])}
        />
      )}

      {panel === null && !closed && (
        <div className="prayer-actions">
          {canRenew && (
            <button
              type="button"
              className="button small primary"
              disabled={pending}
              onClick={() => void apply({ kind: 'renew' }, (updated) => `Shared again until ${formatDate(updated.expiresAt)}.`)}
            >
              Share for 30 more days
            </button>
          )}
          {narrower.length > 0 && (
            <button type="button" className="button small ghost" onClick={() => show('narrow')}>
              Make it more private
            </button>
          )}
          <button type="button" className="button small ghost" onClick={() => show('close')}>
            Close this request
          </button>
        </div>
      )}
    </li>
  );
}

type Choice = ReturnType<typeof narrowerChoices>[number];

/** The narrower choices only, the gentlest first; the member confirms by sending. */
function NarrowForm({ request, choices, pending, onCancel, onNarrow }: { request: PrayerRequest; choices: Choice[]; pending: boolean; onCancel: () => void; onNarrow: (choice: Omit<Choice, 'label'>) => void }) {
  const options = choices.map((choice) => ({ value: `${choice.privacy}-${choice.wallName ?? ''}`, label: choice.label }));
  const [value, setValue] = useState(options[0].value);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { privacy, wallName } = choices[options.findIndex((option) => option.value === value)];
    onNarrow(wallName ? { privacy, wallName } : { privacy });
  };
  return (
    <form className="prayer-confirm" onSubmit={submit}>
      <RadioGroup name={`privacy-${request.id}`} legend="Who may read it from now on?" options={options} value={value} onChange={setValue} />
      <p>You can make a request more private at any time, but not less private again.</p>
      <div className="prayer-actions">
        <button type="submit" className="button small primary" disabled={pending}>
          Make it more private
        </button>
        <button type="button" className="button small ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
