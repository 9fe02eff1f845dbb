import { useCallback } from 'react';
import { isCheckout, useCreatePayPalOrder, usePayPalCapture, usePayPalCheckout } from '../../lib/pending-checkout';
import type { CartItem } from './cart';

const CREATE_BOOK_ORDER = `mutation CreateBookOrder($items: [BookOrderItemInput!]!) {
  createBookOrder(items: $items) { id orderID approveUrl status }
}`;

const CAPTURE_BOOK_ORDER = `mutation CaptureBookOrder($orderID: String!) {
  captureBookOrder(orderID: $orderID) { status message }
}`;

/**
 * Starts paying for the whole cart (DESIGN.md §10.2: every item, priced by the server) and sends the browser to
 * the approval page the server answers.
 */
export function useBookCheckout() {
  const { start, loading } = usePayPalCheckout<CartVariables>(CREATE_BOOK_ORDER, 'createBookOrder');
  const startCart = useCallback((items: CartItem[]) => start(cartVariables(items)), [start]);
  return { start: startCart, loading };
}

type CartVariables = { items: { bookId: string; quantity: number }[] };

const cartVariables = (items: CartItem[]): CartVariables => ({ items: items.map((item) => ({ bookId: item.id, quantity: item.quantity })) });

/** For PayPal's buttons: creates the order for the whole cart and answers its PayPal id, or the error to show. */
export function useCreateCartOrder() {
  const create = useCreatePayPalOrder<CartVariables>(CREATE_BOOK_ORDER, 'createBookOrder');
  return useCallback(
    async (items: CartItem[]): Promise<{ orderID: string } | { error: string }> => {
      const answer = await create(cartVariables(items));
      return isCheckout(answer) ? { orderID: answer.orderID } : { error: answer.message ?? Object.values(answer.fields)[0] };
    },
    [create],
  );
}

export const useCaptureBookOrder = () => usePayPalCapture(CAPTURE_BOOK_ORDER, 'captureBookOrder');
