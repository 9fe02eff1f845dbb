import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../components/form';
import { formatDate } from '../../lib/format';
import { useCancelDeclaration, useMyDeclarations, type Declaration } from './gift-aid';
import './gift-aid.css';

const inForce = (declaration: Declaration) => !declaration.cancelledAt && !declaration.supersededAt;

type ItemProps = {
  declaration: Declaration;
  onChanged: (declaration: Declaration) => void;
  /** Tells screen-reader users what happened, in the list's live region. */
  announce: (message: string) => void;
};

function DeclarationItem({ declaration, onChanged, announce }: ItemProps) {
  const cancel = useCancelDeclaration();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLSpanElement>(null);
  const wasInForce = useRef(inForce(declaration));
  const wasConfirming = useRef(false);
  // The safe choice is focused when the question appears, and the asking button again when they keep it;
  // after cancelling (the button gone), focus goes to the new status.
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (wasConfirming.current) ask.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  useEffect(() => {
    if (wasInForce.current && declaration.cancelledAt) status.current?.focus();
    wasInForce.current = inForce(declaration);
  }, [declaration]);

  const stop = async () => {
    setBusy(true);
    const result = await cancel(declaration.id);
    setBusy(false);
    if (typeof result === 'string') return setError(result);
    setConfirming(false);
    announce(`Your Gift Aid declaration was cancelled on ${formatDate(result.cancelledAt!)}. Gifts you make from now on will not have Gift Aid.`);
    onChanged(result);
  };
  const what = declaration.scope === 'Enduring' ? `Enduring declaration, version ${declaration.version}` : 'Declaration for one gift';
  const address = declaration.livesAbroad ? declaration.houseNameOrNumber : `${declaration.houseNameOrNumber}, ${declaration.postcode}`;
  const headingId = `declaration-${declaration.id}-heading`;
  return (
    <li className="record" aria-labelledby={headingId}>
      <div className="record-head">
        <h3 id={headingId}>{what}</h3>
        <span className={`status status-${inForce(declaration) ? 'Active' : 'Cancelled'}`} ref={status} tabIndex={-1}>
          {declaration.cancelledAt ? `Cancelled on ${formatDate(declaration.cancelledAt)}` : declaration.supersededAt ? 'Replaced by a newer version' : 'In force'}
        </span>
      </div>
      <p className="record-meta">
        {[declaration.title, declaration.firstName, declaration.lastName].filter(Boolean).join(' ')} · {address} · made {formatDate(declaration.createdAt)}, covering gifts from{' '}
        {formatDate(declaration.effectiveFrom)}
      </p>
      <blockquote className="gift-aid-wording">{declaration.wording}</blockquote>
      <FormAlert message={error} id={`declaration-${declaration.id}-error`} />
      {inForce(declaration) && declaration.scope === 'Enduring' && !confirming && (
        <button type="button" className="button ghost small" ref={ask} onClick={() => setConfirming(true)} aria-describedby={headingId}>
          Cancel this declaration
        </button>
      )}
      {confirming && (
        <div className="gift-aid-confirm" role="group" aria-labelledby={`${headingId}-confirm`}>
          <p id={`${headingId}-confirm`}>
            Cancel this declaration? We will not claim Gift Aid on gifts you make from now on. Gifts you made before today keep it.
          </p>
          <div className="actions">
            <button type="button" className="button small" ref={keep} onClick={() => setConfirming(false)} disabled={busy}>
              No, keep it
            </button>
            <button type="button" className="button ghost small" onClick={() => void stop()} disabled={busy}>
              {busy ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** The member's Gift Aid declarations, every version, newest first; enduring ones may be cancelled here. */
export function GiftAidDeclarations() {
  const { data, failed } = useMyDeclarations();
  const [changed, setChanged] = useState<Record<string, Declaration>>({});
  const [announcement, setAnnouncement] = useState('');
  const declarations = (data?.myGiftAidDeclarations ?? []).map((declaration) => changed[declaration.id] ?? declaration);
  return (
    <>
      {failed && <p className="form-alert">Your Gift Aid declarations could not be loaded. Please try again.</p>}
      {data && !declarations.length && <p>You have not made a Gift Aid declaration. Tick “Add Gift Aid” when you give.</p>}
      <p className="hint">To change your name or home address, tick “Add Gift Aid” on your next gift with the new details: the earlier version is kept for the gifts it covered.</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <ul className="record-list" aria-label="Your Gift Aid declarations">
        {declarations.map((declaration) => (
          <DeclarationItem
            key={declaration.id}
            declaration={declaration}
            announce={setAnnouncement}
            onChanged={(updated) => setChanged((previous) => ({ ...previous, [updated.id]: updated }))}
          />
        ))}
      </ul>
    </>
  );
}
