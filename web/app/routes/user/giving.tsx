import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form';
import { GiftAidDeclarations } from '../../features/gift-aid/declarations';
import { GivingStatements } from '../../features/gift-aid/giving-statements';
import { REGULAR_GIFT_STATUS_LABELS, useCancelRegularGift, useConfirmRegularGift, useMyRegularGifts, type RegularGift } from '../../features/donations/regular-giving';
import { formatDate, formatMoney } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/giving';
import './giving.css';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'My giving', 'Your monthly gifts, your Gift Aid declarations and a printable giving statement for each UK tax year.');

/** One gift, with its Cancel button and the confirmation it asks for first. */
function GiftItem({ gift, onChanged }: { gift: RegularGift; onChanged: (gift: RegularGift) => void }) {
  const cancel = useCancelRegularGift();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const amount = `${formatMoney(gift.amount, gift.currency)} a month`;
  const stop = async () => {
    setBusy(true);
    setError(undefined);
    const result = await cancel(gift.id);
    setBusy(false);
    if (typeof result === 'string') return setError(result);
    setConfirming(false);
    onChanged(result);
  };
  const open = gift.status !== 'Cancelled' && gift.status !== 'Expired';
  return (
    <li className="record">
      <div className="record-head">
        <h3>{amount}</h3>
        <span className={`status status-${gift.status}`}>{REGULAR_GIFT_STATUS_LABELS[gift.status]}</span>
      </div>
      <p className="record-meta">
        Set up on {formatDate(gift.createdAt)}
        {gift.nextBillingAt && gift.status === 'Active' && <> · Next payment on {formatDate(gift.nextBillingAt)}</>}
        {gift.cancelledAt && <> · Cancelled on {formatDate(gift.cancelledAt)}</>}
      </p>
      <FormAlert message={error} id={`gift-${gift.id}-error`} />
      {gift.status === 'ApprovalPending' && gift.approveUrl && (
        <p>
          <a className="button small" href={gift.approveUrl}>
            Agree to this gift at PayPal
          </a>
        </p>
      )}
      {open &&
        (confirming ? (
          <div className="confirm" role="group" aria-label={`Cancel your gift of ${amount}?`}>
            <p>Cancel your gift of {amount}? PayPal will take no further payments.</p>
            <button type="button" className="button primary small" onClick={() => void stop()} disabled={busy}>
              {busy ? 'Cancelling…' : 'Yes, cancel this gift'}
            </button>{' '}
            <button type="button" className="button ghost small" ref={keep} onClick={() => setConfirming(false)} disabled={busy}>
              Keep giving
            </button>
          </div>
        ) : (
          <button type="button" className="button ghost small" onClick={() => setConfirming(true)} aria-label={`Cancel your gift of ${amount}`}>
            Cancel
          </button>
        ))}
    </li>
  );
}

export default function Giving() {
  const [params, setParams] = useSearchParams();
  const returning = params.get('subscription_id');
  const confirm = useConfirmRegularGift();
  const { data, loading, failed } = useMyRegularGifts();
  const [changed, setChanged] = useState<Record<string, RegularGift>>({});
  const [notice, setNotice] = useState<string>();
  const started = useRef(false);

  // Back from PayPal: the gift as PayPal now reports it, then a clean address (a reload confirms nothing twice).
  useEffect(() => {
    if (!returning || started.current) return;
    started.current = true;
    void confirm(returning).then((gift) => {
      if (gift) {
        setChanged((previous) => ({ ...previous, [gift.id]: gift }));
        setNotice(gift.status === 'Active' ? 'Thank you! Your monthly gift is set up.' : 'Your gift is waiting for PayPal to confirm it.');
      }
      setParams({}, { replace: true });
    });
  }, [confirm, returning, setParams]);

  const gifts = (data?.allRegularDonations ?? []).map((gift) => changed[gift.id] ?? gift);
  return (
    <>
      <h1>My giving</h1>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <h2>Regular gifts</h2>
      {loading && !data && <p role="status">Loading your regular gifts…</p>}
      {failed && <p className="form-alert">Your regular gifts could not be loaded. Please try again.</p>}
      {data && !gifts.length && (
        <p>
          You have no regular gifts yet. <Link to="/user/make-donations">Give monthly</Link>
        </p>
      )}
      <ul className="record-list" aria-label="Your regular gifts">
        {gifts.map((gift) => (
          <GiftItem key={gift.id} gift={gift} onChanged={(updated) => setChanged((previous) => ({ ...previous, [updated.id]: updated }))} />
        ))}
      </ul>
      <p className="form-footer">
        <Link to="/user/make-donations">Make another gift</Link>
      </p>
      <h2>Giving statements</h2>
      <GivingStatements />
      <h2>Gift Aid declarations</h2>
      <GiftAidDeclarations />
    </>
  );
}
