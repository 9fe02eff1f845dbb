import { useCallback, useState } from 'react';
import type { PaymentOutcome } from '../components/payment-return';
import { toFormErrors, type FormErrors } from './graphql';
import { useMemberGraphql } from './member-graphql';

/**
 * The PayPal order a member has just been sent to approve. Kept for the return page: when PayPal declines the
 * card, the buyer goes back to the same approval link (DESIGN.md §6).
 */
type PendingCheckout = { orderID: string; approveUrl: string };

const KEY = 'pending-checkout';

export function rememberCheckout(checkout: PendingCheckout) {
  window.sessionStorage.setItem(KEY, JSON.stringify(checkout));
}

export function approveUrlFor(orderID: string): string | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as PendingCheckout | null;
    return stored?.orderID === orderID ? stored.approveUrl : null;
  } catch {
    return null;
  }
}

export function forgetCheckout() {
  window.sessionStorage.removeItem(KEY);
}

type Checkout = { id: string; orderID: string; approveUrl: string; status: string };

/**
 * Creates a payment on the server with `mutation` (which answers a checkout in `field`; the server checks every
 * amount). Answers the checkout, or the errors to show when the server refused it. The checkout is remembered
 * for whatever approves it next: the return page, or the test-payments stand-in for PayPal's buttons.
 */
export function useCreatePayPalOrder<V extends Record<string, unknown>>(mutation: string, field: string) {
  const graphql = useMemberGraphql();
  return useCallback(
    async (variables: V): Promise<Checkout | FormErrors> => {
      const result = await graphql.request<Record<string, Checkout>>(mutation, variables);
      const checkout = result.data?.[field];
      if (!checkout) return toFormErrors(result.errors ?? []);
      rememberCheckout({ orderID: checkout.orderID, approveUrl: checkout.approveUrl });
      return checkout;
    },
    [graphql, mutation, field],
  );
}

export const isCheckout = (answer: Checkout | FormErrors): answer is Checkout => 'orderID' in answer;

/**
 * Creates a payment on the server and sends the browser to approve it. `start` answers the errors to show when
 * the server refused it; while the browser leaves for PayPal, `loading` stays true.
 */
export function usePayPalCheckout<V extends Record<string, unknown>>(mutation: string, field: string) {
  const create = useCreatePayPalOrder<V>(mutation, field);
  const [loading, setLoading] = useState(false);
  const start = useCallback(
    async (variables: V): Promise<FormErrors | null> => {
      setLoading(true);
      const checkout = await create(variables);
      if (!isCheckout(checkout)) {
        setLoading(false);
        return checkout;
      }
      window.location.assign(checkout.approveUrl);
      return null;
    },
    [create],
  );
  return { start, loading };
}

/** Captures an approved payment with `mutation`, answering its outcome from `field`. */
export function usePayPalCapture(mutation: string, field: string) {
  const graphql = useMemberGraphql();
  return useCallback(
    async (orderID: string) => {
      const result = await graphql.request<Record<string, PaymentOutcome>>(mutation, { orderID });
      const outcome = result.data?.[field];
      if (!outcome) throw new Error(`The capture failed: ${result.errors?.map((error) => error.message).join('; ') ?? 'no answer'}`);
      return outcome;
    },
    [graphql, mutation, field],
  );
}
