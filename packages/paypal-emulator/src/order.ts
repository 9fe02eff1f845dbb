import type { Capture, CreateOrderRequest, OrderStatus, Refund } from './paypal-shapes.js';

/** What the next capture of an order does; tests and the approval page choose it. */
export const CAPTURE_SCENARIOS = ['COMPLETED', 'DECLINED', 'PENDING', 'ALREADY_CAPTURED'] as const;
export type CaptureScenario = (typeof CAPTURE_SCENARIOS)[number];

export const isScenario = (value: unknown): value is CaptureScenario => CAPTURE_SCENARIOS.includes(value as CaptureScenario);

/** An order as the emulator keeps it, with what tests ask about (its scenario, the calls it received). */
export interface EmulatedOrder {
  id: string;
  status: OrderStatus;
  request: CreateOrderRequest;
  returnUrl?: string;
  cancelUrl?: string;
  /** Orders created with `payment_source.paypal.experience_context` answer `payer-action`, else `approve`. */
  experienceContext: boolean;
  payerId?: string;
  capture?: Capture;
  refund?: Refund;
  scenario: CaptureScenario;
  captureCalls: number;
  getCalls: number;
  /** How many of the next refund calls are refused (a control); a refusal is kept against its PayPal-Request-Id. */
  refundRefusals: number;
  createTime: Date;
  updateTime: Date;
}

/** Where the caller reached the emulator: the links in its answers point there. */
export interface Addresses {
  /** The API, as the API client reached it (`http://127.0.0.1:3000/paypal-emulator`). */
  api: string;
  /** The buyer's pages, at the site's public address (`https://example.org/paypal-emulator`). */
  buyer: string;
}

export function touch(order: EmulatedOrder): void {
  order.updateTime = new Date();
}

/** The buyer approved (on the approval page, or as a webhook event reports): the order may be captured. */
export function markApproved(order: EmulatedOrder, payerId: string): void {
  if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return;
  order.status = 'APPROVED';
  order.payerId = payerId;
  touch(order);
}
