import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { approveUrlFor } from '../lib/pending-checkout';
import { FormAlert } from './form';
import type { PaymentOutcome } from './payment-return';
import './paypal-buttons.css';

/** The root loader's PayPal settings (root.tsx): present when the site offers PayPal's buttons. */
type RootPayPal = { paypal: { clientId: string; sdkUrl: string | null } | null };

export type PayPalButtonsProps = {
  currency: string;
  /** Creates the payment on our server and answers its PayPal order id; undefined when the page shows why not. */
  createOrder: () => Promise<string | undefined>;
  capture: (orderID: string) => Promise<PaymentOutcome>;
  successPath: string;
  onCompleted?: () => void;
  disabled?: boolean;
};

/** Thrown from createOrder when the page already shows what to fix: PayPal's buttons then only stop. */
class NotStarted extends Error {}

/**
 * What the emulator's stand-in for PayPal's JS SDK (test payments) needs beyond PayPal's props: the approve link
 * the server gave for an order, whose key approves it, as PayPal's own approval page asks the buyer to log in.
 */
const standInProps = { approveUrlOf: approveUrlFor };

function Buttons({ createOrder, capture, successPath, onCompleted, disabled, standIn }: PayPalButtonsProps & { standIn: boolean }) {
  const [{ isRejected }] = usePayPalScriptReducer();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string>();
  // The script could not load (blocked, offline): the page's own PayPal button still takes the payment.
  if (isRejected) return null;
  return (
    <>
      <FormAlert message={message} id="paypal-buttons-error" />
      <PayPalButtons
        {...(standIn && standInProps)}
        style={{ layout: 'vertical', label: 'pay' }}
        disabled={disabled}
        createOrder={async () => {
          setMessage(undefined);
          const orderID = await createOrder();
          if (!orderID) throw new NotStarted();
          return orderID;
        }}
        onApprove={async ({ orderID }) => {
          const outcome = await capture(orderID);
          if (outcome.status === 'COMPLETED') {
            onCompleted?.();
            await navigate(successPath, { replace: true, state: { message: outcome.message } });
          } else {
            setMessage(outcome.message ?? 'The payment did not go through, and nothing was charged.');
          }
        }}
        onError={(error) => {
          if (!(error instanceof NotStarted)) setMessage('PayPal could not take the payment here. Please try the PayPal button above.');
        }}
      />
    </>
  );
}

/**
 * PayPal's own buttons (in-context checkout), when the server names a PayPal client id: the server still creates,
 * prices and captures every payment, through the same mutations as the redirect flow.
 */
export default function PayPalCheckoutButtons(props: PayPalButtonsProps) {
  const paypal = useRouteLoaderData<RootPayPal>('root')?.paypal;
  if (!paypal) return null;
  const options = { clientId: paypal.clientId, currency: props.currency, intent: 'capture', components: 'buttons', ...(paypal.sdkUrl ? { sdkBaseUrl: paypal.sdkUrl } : {}) };
  return (
    <section className="paypal-buttons" aria-label="Pay here with PayPal">
      <p className="paypal-buttons-hint">Or pay here, without leaving this page:</p>
      {/* A new currency is a new script: PayPal's buttons take one currency per load. */}
      <PayPalScriptProvider key={props.currency} options={options}>
        <Buttons {...props} standIn={!!paypal.sdkUrl} />
      </PayPalScriptProvider>
    </section>
  );
}
