import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { approveUrlFor, forgetCheckout } from '../lib/pending-checkout';
import './payment-return.css';

/** What the server answers a capture (api-contract: Commerce, `PaymentResult`). */
export type PaymentOutcome = { status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED'; message: string | null };

type Props = {
  capture: (orderID: string) => Promise<PaymentOutcome>;
  successPath: string;
  onCompleted?: () => void;
  back: { to: string; label: string };
};

type View = { kind: 'waiting' } | { kind: 'pending'; message: string } | { kind: 'failed'; message: string };

/**
 * The page PayPal sends the buyer back to (spec §4, steps 4 to 6): 'please wait' while the server captures the
 * order named by `token`, then the success screen. A declined card goes back to PayPal's approval page.
 */
export function PaymentReturn({ capture, successPath, onCompleted, back }: Props) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [view, setView] = useState<View>({ kind: 'waiting' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setView({ kind: 'failed', message: 'This payment link is incomplete, so nothing was charged.' });
      return;
    }
    capture(token).then(
      (result) => {
        if (result.status === 'COMPLETED') {
          forgetCheckout();
          onCompleted?.();
          void navigate(successPath, { replace: true, state: { message: result.message } });
          return;
        }
        const approveUrl = result.status === 'DECLINED' ? approveUrlFor(token) : null;
        if (approveUrl) window.location.assign(approveUrl);
        else if (result.status === 'PENDING') setView({ kind: 'pending', message: result.message ?? 'Your payment is being processed. We will e-mail you when it is complete.' });
        else setView({ kind: 'failed', message: result.message ?? 'The payment did not go through, and nothing was charged.' });
      },
      (error: unknown) => {
        console.error(error);
        setView({ kind: 'failed', message: 'We could not confirm your payment. If money has left your account, please contact us; nothing will be charged twice.' });
      },
    );
  }, [capture, navigate, onCompleted, successPath, token]);

  if (view.kind === 'waiting') {
    return (
      <section className="section narrow confirmation" aria-busy="true">
        <h1>Confirming your payment</h1>
        <p className="lead" role="status">
          please wait
        </p>
        <div className="spinner" aria-hidden="true" />
      </section>
    );
  }
  return (
    <section className="section narrow confirmation">
      <h1>{view.kind === 'pending' ? 'Payment in progress' : 'Payment not completed'}</h1>
      <p className="lead" role="alert">
        {view.message}
      </p>
      <p className="actions">
        <Link className="button primary" to={back.to}>
          {back.label}
        </Link>
      </p>
    </section>
  );
}
