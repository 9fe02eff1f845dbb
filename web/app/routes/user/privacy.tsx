import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorSummary, TextField, useFocusFirstError } from '../../components/form';
import { WhatWeSendYou } from '../../features/mailing';
import { DISPLAY_NAME_SHOWN, downloadMyData, useDeleteMyAccount, useMyPrivacy, useWithdrawConsent, type Consent, type ExportFormat } from '../../features/member/privacy';
import { formatDate, formatDateTime } from '../../lib/format';
import type { FormErrors } from '../../lib/graphql';
import { pageMeta } from '../../lib/meta';
import { clearLocalState } from '../../lib/session';
import type { Route } from './+types/privacy';
import './privacy.css';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My privacy', 'Download your data, see your consents, the e-mails we send you and your sign-ins, or delete your account.');

export default function PrivacyCentre() {
  const { data, loading, failed } = useMyPrivacy();
  return (
    <>
      <h1>My privacy</h1>
      <p className="lead">
        What we hold about you, and your choices. Our <Link to="/privacy">privacy notice</Link> explains why we keep it and for how long.
      </p>
      {loading && !data && <p role="status">Loading your privacy details…</p>}
      {failed && <p className="form-alert">Your privacy details could not be loaded. Please try again.</p>}
      <DownloadMyData />
      {data && <MyConsents consents={data.myConsents} />}
      <WhatWeSendYou />
      {data && <MySignIns signIns={data.mySignIns} />}
      <DeleteMyAccount />
    </>
  );
}

const EXPORT_NAMES: Record<ExportFormat, string> = { json: 'a JSON file', html: 'a web page' };

/** Focus to the result of an action once it is shown, so it is read out and the next Tab starts there. */
function useFocusOnChange<T extends HTMLElement>(result: unknown) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (result) element.current?.focus();
  }, [result]);
  return element;
}

function DownloadMyData() {
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const resultElement = useFocusOnChange<HTMLParagraphElement>(result);
  const download = async (format: ExportFormat) => {
    setBusy(true);
    const error = await downloadMyData(format);
    setResult(error ? { error: true, text: error } : { error: false, text: `Your data was downloaded as ${EXPORT_NAMES[format]}. Look for it in your downloads.` });
    setBusy(false);
  };
  return (
    <section className="privacy-section" aria-labelledby="privacy-download">
      <h2 id="privacy-download">Download my data</h2>
      <p>
        Everything we hold about you: your profile, prayer requests with our replies and notes, testimonies, gifts and monthly gifts, book orders, Gift Aid, consents,
        sign-ins and what our audit trail records about your account. With it: why we hold each record, who else receives it and how long we keep it.
      </p>
      <p className="actions">
        <button type="button" className="button primary" disabled={busy} onClick={() => void download('json')}>
          Download my data (JSON file)
        </button>
        <button type="button" className="button ghost" disabled={busy} onClick={() => void download('html')}>
          Download a readable copy (web page)
        </button>
      </p>
      <p ref={resultElement} tabIndex={-1} className={result?.error ? 'form-alert' : result ? 'form-success' : undefined} role={result?.error ? 'alert' : 'status'}>
        {result?.text}
      </p>
    </section>
  );
}

function MyConsents({ consents }: { consents: Consent[] }) {
  const withdraw = useWithdrawConsent();
  const [changed, setChanged] = useState<Record<string, Consent>>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (id: string) => {
    const answer = await withdraw(id);
    setConfirming(null);
    if ('error' in answer) setError(answer.error);
    else {
      setError(null);
      setChanged((previous) => ({ ...previous, [id]: answer.consent }));
    }
  };

  return (
    <section className="privacy-section" aria-labelledby="privacy-consents">
      <h2 id="privacy-consents">My consents</h2>
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      {consents.length ? (
        <ul className="record-list">
          {consents.map((original) => {
            const consent = changed[original.id] ?? original;
            const title = consent.postTitle ?? 'A testimony';
            return (
              <li key={consent.id} className="record">
                <div className="record-head">
                  <h3>To publish “{title}”</h3>
                  <span className={consent.withdrawnAt ? 'status' : 'status status-Authorised'}>{consent.withdrawnAt ? 'Withdrawn' : 'Given'}</span>
                </div>
                <p className="record-meta">
                  Given on {formatDate(consent.givenAt)}
                  {consent.displayName && `, shown with ${DISPLAY_NAME_SHOWN[consent.displayName]}`}
                  {consent.withdrawnAt && `. Withdrawn on ${formatDate(consent.withdrawnAt)}`}.
                </p>
                <details>
                  <summary>The wording you agreed to</summary>
                  <p>{consent.text}</p>
                </details>
                {!consent.withdrawnAt &&
                  (confirming === consent.id ? (
                    <div className="confirm-panel" role="group" aria-label={`Withdraw your consent for “${title}”`}>
                      <p>Your testimony will be taken down from the website at once, and will not be published again unless you share it anew.</p>
                      <p className="actions">
                        <button type="button" className="button danger" onClick={() => void confirm(consent.id)}>
                          Yes, withdraw my consent
                        </button>
                        <button type="button" className="button ghost" onClick={() => setConfirming(null)}>
                          Keep it
                        </button>
                      </p>
                    </div>
                  ) : (
                    <button type="button" className="button ghost small" onClick={() => setConfirming(consent.id)}>
                      Withdraw
                    </button>
                  ))}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>You have not given any consents. When you share a testimony, your consent to publish it appears here.</p>
      )}
    </section>
  );
}

function MySignIns({ signIns }: { signIns: { at: string; address: string }[] }) {
  return (
    <section className="privacy-section" aria-labelledby="privacy-sign-ins">
      <h2 id="privacy-sign-ins">My sign-ins</h2>
      <p>Each time your account was signed in to over the last 90 days. If you do not recognise one, change your password.</p>
      {signIns.length ? (
        <table className="sign-ins">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">From address</th>
              </tr>
            </thead>
            <tbody>
              {signIns.map((signIn) => (
                <tr key={`${signIn.at}-${signIn.address}`}>
                  <td>{formatDateTime(signIn.at)}</td>
                  <td>{signIn.address}</td>
                </tr>
              ))}
            </tbody>
        </table>
      ) : (
        <p>No sign-ins in the last 90 days.</p>
      )}
    </section>
  );
}

function DeleteMyAccount() {
  const navigate = useNavigate();
  const deleteMyAccount = useDeleteMyAccount();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const form = useFocusFirstError(errors);
  const keep = useRef<HTMLButtonElement>(null);
  const askAgain = useRef<HTMLButtonElement>(null);
  const kept = useRef(false);
  const password = () => new FormData(form.current ?? undefined).get('password');

  useEffect(() => {
    if (confirming) keep.current?.focus();
    // Kept: focus returns to the button that asked, now shown again in the panel's place.
    else if (kept.current) askAgain.current?.focus();
    kept.current = false;
  }, [confirming]);

  /** The first press only asks: deleting cannot be undone, so the safe answer has focus. */
  const ask = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password()) {
      setErrors({ fields: { password: 'Enter your password' } });
      return;
    }
    setErrors(null);
    setConfirming(true);
  };

  const keepAccount = () => {
    kept.current = true;
    setConfirming(false);
  };

  const deleteForGood = async () => {
    const typed = password();
    setSending(true);
    const failure = await deleteMyAccount(typeof typed === 'string' ? typed : '');
    if (failure) {
      setSending(false);
      setConfirming(false);
      setErrors(failure);
      return;
    }
    // The server has already ended every token of the account; this browser forgets it too.
    clearLocalState();
    void navigate('/account-deleted', { replace: true });
  };

  return (
    <section className="privacy-section danger-zone" aria-labelledby="privacy-delete">
      <h2 id="privacy-delete">Delete my account</h2>
      <p>This cannot be undone. If you may want your data, download it first.</p>
      <h3>What is deleted at once</h3>
      <ul>
        <li>Your sign-in: you will not be able to log in again.</li>
        <li>Your name, e-mail address, phone number and address.</li>
        <li>Your prayer requests and their replies.</li>
        <li>Testimonies not yet published. Published testimonies stay only as your consent says, under the name you chose; withdraw a consent above to take one down.</li>
      </ul>
      <h3>What is kept, without your name</h3>
      <ul>
        <li>Donations and book orders, with their amounts, because the church must keep its accounts.</li>
        <li>What the law requires for Gift Aid, for six years after the last donation it covers.</li>
      </ul>
      <p>We will send a confirmation to your e-mail address.</p>
      <form noValidate ref={form} onSubmit={ask} className="form-card">
        <ErrorSummary errors={errors} />
        <TextField name="password" label="Your password" type="password" autoComplete="current-password" hint="To be sure it is you." required error={errors?.fields.password} />
        {confirming ? (
          <div className="confirm-panel" role="group" aria-labelledby="delete-confirm-question">
            <p id="delete-confirm-question">
              <strong>Delete your account for good?</strong> You will be signed out and cannot undo this.
            </p>
            <p className="actions">
              <button type="button" className="button ghost" ref={keep} onClick={keepAccount} disabled={sending}>
                No, keep my account
              </button>
              <button type="button" className="button danger" onClick={() => void deleteForGood()} disabled={sending} aria-disabled={sending || undefined}>
                {sending ? 'Deleting your account…' : 'Yes, delete my account'}
              </button>
            </p>
          </div>
        ) : (
          <button type="submit" className="button primary" ref={askAgain}>
            Delete my account
          </button>
        )}
      </form>
    </section>
  );
}
