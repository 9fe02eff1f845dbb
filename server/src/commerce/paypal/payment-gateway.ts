import type {
  CreateOrderRequest,
  CreatePlanRequest,
  CreateProductRequest,
  CreateSubscriptionRequest,
  ErrorBody,
  Order,
  Plan,
  Product,
  Money,
  Refund,
  SaleRefund,
  Subscription,
  WebhookHeaders,
} from './paypal.types.js';

/**
 * What the shop needs from a payment provider: PayPal's Orders v2 flow, Subscriptions v1 for regular gifts, and
 * webhook verification. The one
 * implementation is `PayPalClient`, pointed at PayPal or at the built-in emulator, which speaks the same API.
 */
export interface PaymentGateway {
  /** True while the built-in emulator takes the payments (no money moves). */
  readonly testPayments: boolean;
  /** The REST client id the browser gives PayPal's JS SDK for the buttons. */
  readonly publicClientId?: string;
  /** Where the browser loads the JS SDK from when it is not PayPal's own (the emulator's stand-in). */
  readonly sdkUrl?: string;

  createOrder(request: CreateOrderRequest, requestId: string): Promise<Order>;
  getOrder(orderId: string): Promise<Order>;
  /** Captures an approved order; the same `requestId` always answers the same capture, never a second one. */
  captureOrder(orderId: string, requestId: string): Promise<Order>;
  /** Refunds a capture: `amount` of it, or without one all that is left of it (the captured amount less earlier refunds). */
  refundCapture(captureId: string, requestId: string, amount?: Money): Promise<Refund>;
  /** `GET /v2/payments/refunds/:id`: a capture's refund or reversal as PayPal holds it. */
  getRefund(refundId: string): Promise<Refund>;
  /** Refunds `amount` of a subscription's payment (Payments v1 sale). */
  refundSale(saleId: string, amount: Money, requestId: string): Promise<SaleRefund>;
  /** `GET /v1/payments/refund/:id`: a sale's refund or reversal as PayPal holds it. */
  getSaleRefund(refundId: string): Promise<SaleRefund>;
  createProduct(request: CreateProductRequest, requestId: string): Promise<Product>;
  createPlan(request: CreatePlanRequest, requestId: string): Promise<Plan>;
  /** Creates a subscription awaiting the buyer's approval; its `approve` link is where to send them. */
  createSubscription(request: CreateSubscriptionRequest, requestId: string): Promise<Subscription>;
  getSubscription(subscriptionId: string): Promise<Subscription>;
  /** Stops a subscription's payments for good. */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  /** Asks the provider whether these headers sign exactly this body; false for a forged or altered event. */
  verifyWebhookSignature(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/** PayPal answered with an error: `issue` is the first `details[].issue` (INSTRUMENT_DECLINED, ...). */
export class PayPalError extends Error {
  readonly issue?: string;
  readonly debugId?: string;

  constructor(
    readonly operation: string,
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    const issue = body.details?.[0]?.issue;
    const detail = body.details?.[0]?.description ?? body.message ?? body.error_description ?? body.error ?? 'no details';
    super(`PayPal ${operation} failed with ${status} ${issue ?? body.name ?? body.error ?? ''}: ${detail}${body.debug_id ? ` (debug id ${body.debug_id})` : ''}`);
    this.issue = issue;
    this.debugId = body.debug_id;
  }
}

/** PayPal could not be reached, timed out or failed on its side: the outcome of the call is unknown. */
export class PayPalUnavailableError extends Error {
  constructor(
    readonly operation: string,
    reason: string,
  ) {
    super(`PayPal ${operation}: ${reason}`);
  }
}
