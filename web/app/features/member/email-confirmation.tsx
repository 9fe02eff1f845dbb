import { useState } from 'react';
import { Link } from 'react-router';
import { addressToConfirm, useMyAddress, useSendConfirmationLink } from './email-address';
import './email-confirmation.css';

type Sending = { state: 'idle' | 'busy' } | { state: 'sent' } | { state: 'refused'; message: string };

/**
 * Asks the member to confirm their address while it is unconfirmed (or a new one waits), with a button that
 * mails a new link. Says what waits on it: forms sent with the address join the member's data only once confirmed.
 */
export function EmailConfirmationNotice() {
  const { data } = useMyAddress();
  const sendConfirmationLink = useSendConfirmationLink();
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const me = data?.me;
  const address = me && addressToConfirm(me);
  if (!me || !address) return null;

  const sendLink = async () => {
    setSending({ state: 'busy' });
    const refusal = await sendConfirmationLink();
    setSending(refusal ? { state: 'refused', message: refusal } : { state: 'sent' });
  };

  return (
    // Above every member page, before its h1: a labelled region with a strong title, not a heading out of order.
    <section className="address-notice" aria-labelledby="address-notice-title">
      <p className="address-notice-title" id="address-notice-title">
        <strong>Confirm your e-mail address</strong>
      </p>
      <p>
        We sent a link to <strong>{address}</strong>. Open it and press the button on the page to confirm the address is yours.{' '}
        {me.pendingEmail
          ? `Until then your account keeps ${me.email}, and you sign in with it.`
          : 'Until then, forms you have sent us with this address (contact, questions, counselling, baptism) are not part of your data download or account deletion.'}
      </p>
      <p className="actions">
        <button type="button" className="button ghost" onClick={() => void sendLink()} disabled={sending.state === 'busy'}>
          {sending.state === 'busy' ? 'Sending…' : 'Send me a new link'}
        </button>{' '}
        <Link to="/user/email-address">Use another address</Link>
      </p>
      {sending.state === 'sent' && (
        <p className="form-success" role="status">
          A new link is on its way to {address}.
        </p>
      )}
      {sending.state === 'refused' && (
        <p className="form-alert" role="alert">
          {sending.message}
        </p>
      )}
    </section>
  );
}
