import { useCallback, useState } from 'react';
import type { PaymentOutcome } from '../../components/payment-return';
import { toFormErrors, type FormErrors } from '../../lib/graphql';
import { useMemberGraphql } from '../../lib/member-graphql';
import { rememberCheckout } from '../../lib/pending-checkout';

type Checkout = { id: string; orderID: string; approveUrl: string; status: string };

/** Spec §9: donations in GBP or USD. */
export const DONATION_CURRENCIES = [
  { value: 'GBP', label: 'GBP (£)' },
  { value: 'USD', label: 'USD ($)' },
];

const CREATE_DONATION = `mutation CreateDonation($amount: Float!, $currency: String!, $description: String) {
  createDonation(amount: $amount, currency: $currency, description: $description) { id orderID approveUrl status }
}`;

const CAPTURE_DONATION = `mutation CaptureDonation($orderID: String!) {
  captureDonation(orderID: $orderID) { status message }
}`;

/**
 * Creates the donation on the server (which checks the amount) and sends the browser to approve it. `start`
 * answers the errors to show when the server refused it; while the browser leaves for PayPal, `loading` stays true.
 */
export function useDonationCheckout() {
  const graphql = useMemberGraphql();
  const [loading, setLoading] = useState(false);
  const start = useCallback(
    async (donation: { amount: number; currency: string; description: string }): Promise<FormErrors | null> => {
      setLoading(true);
      const result = await graphql.request<{ createDonation: Checkout }>(CREATE_DONATION, donation);
      const checkout = result.data?.createDonation;
      if (!checkout) {
        setLoading(false);
        return toFormErrors(result.errors ?? []);
      }
      rememberCheckout({ orderID: checkout.orderID, approveUrl: checkout.approveUrl });
      window.location.assign(checkout.approveUrl);
      return null;
    },
    [graphql],
  );
  return { start, loading };
}

export function useCaptureDonation() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (orderID: string) => {
      const result = await graphql.request<{ captureDonation: PaymentOutcome }>(CAPTURE_DONATION, { orderID });
      if (!result.data?.captureDonation) throw new Error(`The capture failed: ${result.errors?.map((error) => error.message).join('; ') ?? 'no answer'}`);
      return result.data.captureDonation;
    },
    [graphql],
  );
}
