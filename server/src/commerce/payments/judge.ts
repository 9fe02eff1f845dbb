import { fromPayPalValue, toPayPalValue } from '../money.js';
import type { Capture, Money, Order, OrderStatus } from '../paypal/paypal.types.js';

/** What we expect PayPal to report for one of our records. */
export interface Expected {
  customId: string;
  amountMinor: number;
  currency: string;
}

/** The rate PayPal converted a capture at into the account's currency, e.g. USD → GBP at "0.7850". */
export interface ExchangeRate {
  currency: string;
  rate: string;
}

/** What PayPal's view of an order means for our record. */
export type Verdict =
  | { kind: 'paid'; captureId: string; exchangeRate?: ExchangeRate }
  | { kind: 'pending'; captureId: string }
  | { kind: 'denied'; captureId: string; captureStatus: string }
  | { kind: 'refunded'; captureId: string }
  | { kind: 'partially-refunded'; captureId: string }
  | { kind: 'mismatch'; detail: string; captureId?: string; captureStatus?: string }
  | { kind: 'uncaptured'; orderStatus: OrderStatus };

const show = (money: Money) => `${money.value} ${money.currency_code}`;

const sameMoney = (money: Money, expected: Expected) =>
  money.currency_code === expected.currency && fromPayPalValue(money.value) === expected.amountMinor;

/**
 * Reads an order as PayPal reports it (a capture answer or `GET /v2/checkout/orders/:id`). A payment counts
 * only when the order and its capture are both COMPLETED for exactly our amount and currency, and the order
 * carries our `custom_id`.
 */
export function judge(order: Order, expected: Expected): Verdict {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const customId = unit?.custom_id ?? capture?.custom_id;
  const ours = `${toPayPalValue(expected.amountMinor)} ${expected.currency}`;
  if (customId !== undefined && customId !== expected.customId) {
    return { kind: 'mismatch', detail: `PayPal order ${order.id} carries custom_id ${customId}, not ${expected.customId}` };
  }
  if (unit?.amount && !sameMoney(unit.amount, expected)) {
    return { kind: 'mismatch', detail: `PayPal order ${order.id} is for ${show(unit.amount)}, ours for ${ours}`, captureId: capture?.id, captureStatus: capture?.status };
  }
  if (!capture) return { kind: 'uncaptured', orderStatus: order.status };
  if (!capture.amount || !sameMoney(capture.amount, expected)) {
    return {
      kind: 'mismatch',
      detail: `PayPal captured ${capture.amount ? show(capture.amount) : 'an unknown amount'} on order ${order.id}, ours is ${ours}`,
      captureId: capture.id,
      captureStatus: capture.status,
    };
  }
  switch (capture.status) {
    case 'COMPLETED':
      return order.status === 'COMPLETED' ? { kind: 'paid', captureId: capture.id, exchangeRate: exchangeRate(capture) } : { kind: 'pending', captureId: capture.id };
    case 'PENDING':
      return { kind: 'pending', captureId: capture.id };
    case 'REFUNDED':
      return { kind: 'refunded', captureId: capture.id };
    case 'PARTIALLY_REFUNDED':
      return { kind: 'partially-refunded', captureId: capture.id };
    default:
      return { kind: 'denied', captureId: capture.id, captureStatus: capture.status };
  }
}

function exchangeRate(capture: Capture): ExchangeRate | undefined {
  const rate = capture.seller_receivable_breakdown?.exchange_rate;
  if (!rate?.target_currency || !rate.value || !/^\d{1,6}(\.\d{1,10})?$/.test(rate.value)) return undefined;
  return { currency: rate.target_currency, rate: rate.value };
}
