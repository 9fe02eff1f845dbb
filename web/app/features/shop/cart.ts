import { createLocalStore, isRecord } from '../../lib/local-store';

/** Spec §3: a cart item has id, title, price, image and quantity; the cart keeps its total. */
export type CartItem = { id: string; title: string; price: number; image: string | null; quantity: number };
export type Cart = { cartItems: CartItem[]; totalAmount: number };

const EMPTY: Cart = { cartItems: [], totalAmount: 0 };
export const MAX_QUANTITY = 99;

function isCartItem(value: unknown): value is CartItem {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    typeof value.price === 'number' &&
    typeof value.quantity === 'number' &&
    value.quantity >= 1
  );
}

const store = createLocalStore<Cart>('cart', EMPTY, (raw) => {
  if (!isRecord(raw) || !Array.isArray(raw.cartItems)) return undefined;
  return withTotal(raw.cartItems.filter(isCartItem));
});

/** The total shown on the button; the server prices the order itself from its own book prices. */
function withTotal(cartItems: CartItem[]): Cart {
  const pence = cartItems.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return { cartItems, totalAmount: pence / 100 };
}

export const clampQuantity = (quantity: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number.isFinite(quantity) ? quantity : 1)));

export const useCart = store.useStore;

export function addToCart(item: Omit<CartItem, 'quantity'>, quantity: number) {
  const items = store.get().cartItems;
  const existing = items.find((entry) => entry.id === item.id);
  const next = existing
    ? items.map((entry) => (entry.id === item.id ? { ...entry, quantity: clampQuantity(entry.quantity + quantity) } : entry))
    : [...items, { ...item, quantity: clampQuantity(quantity) }];
  store.set(withTotal(next));
}

export function setQuantity(id: string, quantity: number) {
  store.set(withTotal(store.get().cartItems.map((entry) => (entry.id === id ? { ...entry, quantity: clampQuantity(quantity) } : entry))));
}

export function removeFromCart(id: string) {
  store.set(withTotal(store.get().cartItems.filter((entry) => entry.id !== id)));
}

export function emptyCart() {
  store.set(EMPTY);
}
