import { useState } from 'react';
import { FormAlert } from '../../components/form';
import { formatDate } from '../../lib/format';
import { useCancelDeclaration, useMyDeclarations, type Declaration } from './gift-aid';

const inForce = (declaration: Declaration) => !declaration.cancelledAt && !declaration.supersededAt;

function DeclarationItem({ declaration, onChanged }: { declaration: Declaration; onChanged: (declaration: Declaration) => void }) {
  const cancel = useCancelDeclaration();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    setBusy(true);
    const result = await cancel(declaration.id);
    setBusy(false);
    if (typeof result === 'string') return setError(result);
    onChanged(result);
  };
  const what = declaration.scope === 'Enduring' ? `Enduring declaration, version ${declaration.version}` : 'Declaration for one gift';
  const address = declaration.livesAbroad ? declaration.houseNameOrNumber : `${declaration.houseNameOrNumber}, ${declaration.postcode}`;
  return (
    <li className="record">
      <div className="record-head">
        <h3>{what}</h3>
        <span className={`status status-${inForce(declaration) ? 'Active' : 'Cancelled'}`}>
          {declaration.cancelledAt ? `Cancelled on ${formatDate(declaration.cancelledAt)}` : declaration.supersededAt ? 'Replaced by a newer version' : 'In force'}
        </span>
      </div>
      <p className="record-meta">
        {[declaration.title, declaration.firstName, declaration.lastName].filter(Boolean).join(' ')} · {address} · made {formatDate(declaration.createdAt)}, covering gifts from{' '}
        {formatDate(declaration.effectiveFrom)}
      </p>
      <blockquote className="gift-aid-wording">{declaration.wording}</blockquote>
      <FormAlert message={error} id={`declaration-${declaration.id}-error`} />
      {inForce(declaration) && declaration.scope === 'Enduring' && (
        <button type="button" className="button ghost small" onClick={() => void stop()} disabled={busy} aria-label={`Cancel your ${what}`}>
          {busy ? 'Cancelling…' : 'Cancel this declaration'}
        </button>
      )}
    </li>
  );
}

/** The member's Gift Aid declarations, every version, newest first; enduring ones may be cancelled here. */
export function GiftAidDeclarations() {
  const { data, failed } = useMyDeclarations();
  const [changed, setChanged] = useState<Record<string, Declaration>>({});
  const declarations = (data?.myGiftAidDeclarations ?? []).map((declaration) => changed[declaration.id] ?? declaration);
  return (
    <>
      {failed && <p className="form-alert">Your Gift Aid declarations could not be loaded. Please try again.</p>}
      {data && !declarations.length && <p>You have not made a Gift Aid declaration. Tick “Add Gift Aid” when you give.</p>}
      <p className="hint">To change your name or home address, tick “Add Gift Aid” on your next gift with the new details: the earlier version is kept for the gifts it covered.</p>
      <ul className="record-list" aria-label="Your Gift Aid declarations">
        {declarations.map((declaration) => (
          <DeclarationItem key={declaration.id} declaration={declaration} onChanged={(updated) => setChanged((previous) => ({ ...previous, [updated.id]: updated }))} />
        ))}
      </ul>
    </>
  );
}
