/**
 * The parts of PayPal's REST API (Orders v2, Payments v2, Notifications v1) that we send and read. Field names
 * are PayPal's own; optional fields are the ones PayPal may leave out of a response.
 */

export interface Money {
  currency_code: string;
  value: string;
}

export interface LinkDescription {
  href: string;
  rel: string;
  method?: string;
}

export interface PurchaseUnitItem {
  name: string;
  unit_amount: Money;
  quantity: string;
  sku?: string;
  category?: 'PHYSICAL_GOODS' | 'DIGITAL_GOODS' | 'DONATION';
}

export interface PurchaseUnitRequest {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount: Money & { breakdown?: { item_total?: Money } };
  items?: PurchaseUnitItem[];
}

export interface ExperienceContext {
  return_url: string;
  cancel_url: string;
  brand_name?: string;
  user_action?: 'PAY_NOW' | 'CONTINUE';
  shipping_preference?: 'NO_SHIPPING' | 'GET_FROM_FILE' | 'SET_PROVIDED_ADDRESS';
}

/** `POST /v2/checkout/orders`. */
export interface CreateOrderRequest {
  intent: 'CAPTURE';
  purchase_units: PurchaseUnitRequest[];
  payment_source?: { paypal: { experience_context: ExperienceContext } };
}

export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface Capture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason?: string };
  amount?: Money;
  custom_id?: string;
  final_capture?: boolean;
  create_time?: string;
  update_time?: string;
  links?: LinkDescription[];
  supplementary_data?: { related_ids?: { order_id?: string } };
  /** `receivable_amount` and `exchange_rate` come only when the capture's currency is not the account's. */
  seller_receivable_breakdown?: {
    gross_amount?: Money;
    net_amount?: Money;
    receivable_amount?: Money;
    exchange_rate?: { source_currency?: string; target_currency?: string; value?: string };
  };
}

export interface PurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount?: Money;
  items?: PurchaseUnitItem[];
  payments?: { captures?: Capture[]; refunds?: Refund[] };
}

/** An order as `GET /v2/checkout/orders/:id`, create and capture answer it. */
export interface Order {
  id: string;
  status: OrderStatus;
  intent?: string;
  purchase_units?: PurchaseUnit[];
  payer?: { payer_id?: string; email_address?: string };
  create_time?: string;
  update_time?: string;
  links?: LinkDescription[];
}

export type RefundStatus = 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';

export interface Refund {
  id: string;
  status: RefundStatus;
  amount?: Money;
  custom_id?: string;
  create_time?: string;
  links?: LinkDescription[];
  supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
}

/** A refund (or reversal) of a subscription's payment, as Payments v1 answers `GET /v1/payments/refund/:id`. */
export interface SaleRefund {
  id: string;
  /** pending, completed, cancelled or failed. */
  state?: string;
  amount?: { total?: string; currency?: string };
  sale_id?: string;
  create_time?: string;
  links?: LinkDescription[];
}

/** PayPal's error body: `details[].issue` names what went wrong (e.g. INSTRUMENT_DECLINED). */
export interface ErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string; field?: string }[];
  links?: LinkDescription[];
  error?: string;
  error_description?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  app_id?: string;
}

/** The transmission headers PayPal signs a webhook with (lower-case, as Node reads them). */
export interface WebhookHeaders {
  'paypal-auth-algo'?: string;
  'paypal-cert-url'?: string;
  'paypal-transmission-id'?: string;
  'paypal-transmission-sig'?: string;
  'paypal-transmission-time'?: string;
}

export const WEBHOOK_HEADER_NAMES = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const satisfies readonly (keyof WebhookHeaders)[];

export interface WebhookEvent<R = Record<string, unknown>> {
  id: string;
  event_version?: string;
  create_time?: string;
  resource_type?: string;
  resource_version?: string;
  event_type: string;
  summary?: string;
  resource: R;
  links?: LinkDescription[];
}

/** The link a buyer follows to approve an order (`payer-action` with experience_context, `approve` otherwise). */
export function approveLink(order: Pick<Order, 'links'>): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

/** `POST /v1/catalogs/products`: what the regular gifts are, once for the site. */
export interface CreateProductRequest {
  name: string;
  type: 'SERVICE';
  category?: string;
  description?: string;
}

export interface Product {
  id: string;
  name?: string;
}

/** `POST /v1/billing/plans`: one monthly plan per currency; each subscription sets its own price. */
export interface CreatePlanRequest {
  product_id: string;
  name: string;
  status: 'ACTIVE';
  billing_cycles: {
    frequency: { interval_unit: 'MONTH'; interval_count: 1 };
    tenure_type: 'REGULAR';
    sequence: 1;
    total_cycles: 0;
    pricing_scheme: { fixed_price: Money };
  }[];
  payment_preferences: { auto_bill_outstanding: boolean; payment_failure_threshold: number };
}

export interface Plan {
  id: string;
  product_id?: string;
  status?: string;
}

/** `POST /v1/billing/subscriptions`, with the plan's price overridden by the member's amount. */
export interface CreateSubscriptionRequest {
  plan_id: string;
  custom_id: string;
  plan: { billing_cycles: { sequence: 1; pricing_scheme: { fixed_price: Money } }[] };
  application_context: {
    brand_name?: string;
    user_action: 'SUBSCRIBE_NOW';
    shipping_preference: 'NO_SHIPPING';
    return_url: string;
    cancel_url: string;
  };
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

/** A subscription as PayPal answers it (create, `GET /v1/billing/subscriptions/:id`, and BILLING.SUBSCRIPTION.* events). */
export interface Subscription {
  id: string;
  status: SubscriptionStatus;
  plan_id?: string;
  custom_id?: string;
  billing_info?: { next_billing_time?: string; failed_payments_count?: number; last_payment?: { amount?: Money; time?: string } };
  links?: LinkDescription[];
}

/** A subscription's payment (Payments v1 sale): the resource of PAYMENT.SALE.COMPLETED. */
export interface Sale {
  id: string;
  state?: string;
  amount?: { total?: string; currency?: string };
  billing_agreement_id?: string;
  custom?: string;
  /** When PayPal took the payment (ISO 8601), which may be long before its event reaches us. */
  create_time?: string;
}
