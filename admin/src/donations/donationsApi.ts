import type { Transport } from '../data/transport';

const REFUND = 'mutation RefundDonation($id: ID!, $amount: Float) { refundDonation(id: $id, amount: $amount) { id status refundedAmount } }';

const SET_STERLING = `mutation SetDonationSterlingAmount($id: ID!, $amount: Float!, $rate: String, $rateSource: String, $rateDate: String) {
  setDonationSterlingAmount(id: $id, amount: $amount, rate: $rate, rateSource: $rateSource, rateDate: $rateDate) {
    id sterlingAmount exchangeRate exchangeRateSource exchangeRateDate giftAidStatus } }`;

/** The sterling PayPal reported for a gift in dollars, and the rate it was converted at when known. */
export type SterlingAmount = { amount: number; rate?: string; rateSource?: string; rateDate?: string };

/** The data provider's donation methods, beyond the donations' list and page. */
export const donationMethods = ({ call }: Transport) => ({
  /** Refunds `amount` of a paid gift through PayPal; the same `idempotencyKey` sent again refunds once. */
  async refundDonationAmount(id: string, amount: number, idempotencyKey: string): Promise<void> {
    await call(REFUND, { id, amount }, { idempotencyKey });
  },
  async setDonationSterlingAmount(id: string, sterling: SterlingAmount): Promise<void> {
    await call(SET_STERLING, { id, ...sterling });
  },
});
