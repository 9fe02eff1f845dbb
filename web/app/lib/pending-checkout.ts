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
