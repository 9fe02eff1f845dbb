import { useCallback, useState } from 'react';
import type { PaymentOutcome } from '../../components/payment-return';
import { toFormErrors, type FormErrors } from '../../lib/graphql';
import { useMemberGraphql } from '../../lib/member-graphql';
import { rememberCheckout } from '../../lib/pending-checkout';
import type { CartItem } from './cart';

type Checkout = { id: string; orderID: string; approveUrl: string; status: string };

const CREATE_BOOK_ORDER = `mutation CreateBookOrder($items: [BookOrderItemInput!]!) {
  createBookOrder(items: $items) { id orderID approveUrl status }
}`;

const CAPTURE_BOOK_ORDER = `mutation CaptureBookOrder($orderID: String!) {
  captureBookOrder(orderID: $orderID) { status message }
}`;

/**
 * Starts paying for the whole cart (DESIGN.md §10.2: every item, priced by the server) and sends the browser to
 * the approval page the server answers. `start` answers the errors to show when the order was refused; while
 * the browser leaves for PayPal, `loading` stays true.
 */
export function useBookCheckout() {
  const graphql = useMemberGraphql();
  const [loading, setLoading] = useState(false);
  const start = useCallback(
    async (items: CartItem[]): Promise<FormErrors | null> => {
      setLoading(true);
      const result = await graphql.request<{ createBookOrder: Checkout }>(CREATE_BOOK_ORDER, { items: items.map((item) => ({ bookId: item.id, quantity: item.quantity })) });
      const checkout = result.data?.createBookOrder;
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

export function useCaptureBookOrder() {
  const graphql = useMemberGraphql();
  return useCallback(
    async (orderID: string) => {
      const result = await graphql.request<{ captureBookOrder: PaymentOutcome }>(CAPTURE_BOOK_ORDER, { orderID });
      if (!result.data?.captureBookOrder) throw new Error(`The capture failed: ${result.errors?.map((error) => error.message).join('; ') ?? 'no answer'}`);
      return result.data.captureBookOrder;
    },
    [graphql],
  );
}
