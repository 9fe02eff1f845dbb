import { gql, useMutation, type TypedDocumentNode } from '@apollo/client';
import { useCallback } from 'react';
import type { PaymentOutcome } from '../../components/payment-return';
import { rememberCheckout } from '../../lib/pending-checkout';
import type { CartItem } from './cart';

type Checkout = { id: string; orderID: string; approveUrl: string; status: string };

const CREATE_BOOK_ORDER: TypedDocumentNode<{ createBookOrder: Checkout }, { items: { bookId: string; quantity: number }[] }> = gql`
  mutation CreateBookOrder($items: [BookOrderItemInput!]!) {
    createBookOrder(items: $items) {
      id
      orderID
      approveUrl
      status
    }
  }
`;

const CAPTURE_BOOK_ORDER: TypedDocumentNode<{ captureBookOrder: PaymentOutcome }, { orderID: string }> = gql`
  mutation CaptureBookOrder($orderID: String!) {
    captureBookOrder(orderID: $orderID) {
      status
      message
    }
  }
`;

/**
 * Starts paying for the whole cart (DESIGN.md §10.2: every item, priced by the server) and sends the browser to
 * the approval page the server answers.
 */
export function useBookCheckout() {
  const [create, state] = useMutation(CREATE_BOOK_ORDER);
  const start = useCallback(
    async (items: CartItem[]) => {
      const { data } = await create({ variables: { items: items.map((item) => ({ bookId: item.id, quantity: item.quantity })) } });
      if (!data) return;
      rememberCheckout({ orderID: data.createBookOrder.orderID, approveUrl: data.createBookOrder.approveUrl });
      window.location.assign(data.createBookOrder.approveUrl);
    },
    [create],
  );
  return { start, loading: state.loading || (state.called && !state.error) };
}

export function useCaptureBookOrder() {
  const [capture] = useMutation(CAPTURE_BOOK_ORDER);
  return useCallback(async (orderID: string) => {
    const { data } = await capture({ variables: { orderID } });
    if (!data) throw new Error('The capture answered no result');
    return data.captureBookOrder;
  }, [capture]);
}
