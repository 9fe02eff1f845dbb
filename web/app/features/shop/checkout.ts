import { useCallback } from 'react';
import { usePayPalCapture, usePayPalCheckout } from '../../lib/pending-checkout';
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
  const { start, loading } = usePayPalCheckout<{ items: { bookId: string; quantity: number }[] }>(CREATE_BOOK_ORDER, 'createBookOrder');
  const startCart = useCallback((items: CartItem[]) => start({ items: items.map((item) => ({ bookId: item.id, quantity: item.quantity })) }), [start]);
  return { start: startCart, loading };
}

export const useCaptureBookOrder = () => usePayPalCapture(CAPTURE_BOOK_ORDER, 'captureBookOrder');
