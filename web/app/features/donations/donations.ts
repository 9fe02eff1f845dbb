import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import { useCallback } from 'react';
import type { PaymentOutcome } from '../../components/payment-return';
import { rememberCheckout } from '../../lib/pending-checkout';

type Checkout = { id: string; orderID: string; approveUrl: string; status: string };

/** Spec §9: donations in GBP or USD. */
export const DONATION_CURRENCIES = [
  { value: 'GBP', label: 'GBP (£)' },
  { value: 'USD', label: 'USD ($)' },
];

const CREATE_DONATION: TypedDocumentNode<{ createDonation: Checkout }, { amount: number; currency: string; description: string }> = gql`
  mutation CreateDonation($amount: Float!, $currency: String!, $description: String) {
    createDonation(amount: $amount, currency: $currency, description: $description) {
      id
      orderID
      approveUrl
      status
    }
  }
`;

const CAPTURE_DONATION: TypedDocumentNode<{ captureDonation: PaymentOutcome }, { orderID: string }> = gql`
  mutation CaptureDonation($orderID: String!) {
    captureDonation(orderID: $orderID) {
      status
      message
    }
  }
`;

/** Creates the donation on the server (which checks the amount) and sends the browser to approve it. */
export function useDonationCheckout() {
  const [create, state] = useMutation(CREATE_DONATION);
  const start = useCallback(
    async (donation: { amount: number; currency: string; description: string }) => {
      const { data } = await create({ variables: donation });
      if (!data) return;
      rememberCheckout({ orderID: data.createDonation.orderID, approveUrl: data.createDonation.approveUrl });
      window.location.assign(data.createDonation.approveUrl);
    },
    [create],
  );
  return { start, loading: state.loading || (state.called && !state.error) };
}

export function useCaptureDonation() {
  const [capture] = useMutation(CAPTURE_DONATION);
  return useCallback(
    async (orderID: string) => {
      const { data } = await capture({ variables: { orderID } });
      if (!data) throw new Error('The capture answered no result');
      return data.captureDonation;
    },
    [capture],
  );
}
