import { usePayPalCapture, usePayPalCheckout } from '../../lib/pending-checkout';

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

/** Creates the donation on the server (which checks the amount) and sends the browser to approve it. */
export const useDonationCheckout = () => usePayPalCheckout<{ amount: number; currency: string; description: string }>(CREATE_DONATION, 'createDonation');

export const useCaptureDonation = () => usePayPalCapture(CAPTURE_DONATION, 'captureDonation');
