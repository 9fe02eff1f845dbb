/**
 * The parts of PayPal's REST API (Orders v2, Payments v2, Notifications v1) the emulator speaks, in PayPal's own
 * field names. They are PayPal's contract, not the shop's: the emulator keeps its own copy, as PayPal would.
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
}

export interface PurchaseUnitRequest {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount: Money & { breakdown?: { item_total?: Money } };
  items?: PurchaseUnitItem[];
}

export interface ExperienceContext {
  return_url?: string;
  cancel_url?: string;
}

/** `POST /v2/checkout/orders`; `application_context` is the older way to give the return and cancel URLs. */
export interface CreateOrderRequest {
  intent: string;
  purchase_units: PurchaseUnitRequest[];
  payment_source?: { paypal?: { experience_context?: ExperienceContext } };
  application_context?: ExperienceContext;
}

export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'REVERSED' | 'FAILED';

export interface Capture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason?: string };
  amount: Money;
  custom_id?: string;
  final_capture: boolean;
  create_time: string;
  update_time: string;
  /** What the seller receives; PayPal leaves it out while the capture is pending. */
  seller_receivable_breakdown?: SellerReceivableBreakdown;
}

/** With `receivable_amount` and `exchange_rate` when the capture's currency is not the account's. */
export interface SellerReceivableBreakdown {
  gross_amount: Money;
  net_amount: Money;
  receivable_amount?: Money;
  exchange_rate?: { source_currency: string; target_currency: string; value: string };
}

export interface Refund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  custom_id?: string;
  /** What the seller gave back, and in all of the capture's refunds so far. */
  seller_payable_breakdown?: { gross_amount: Money; net_amount: Money; total_refunded_amount: Money };
  create_time?: string;
  update_time?: string;
  links: LinkDescription[];
}

/** A refund or reversal of a sale, as Payments v1 answers `POST /v1/payments/sale/:id/refund` and `GET /v1/payments/refund/:id`. */
export interface SaleRefund {
  id: string;
  state: 'completed';
  amount: { total: string; currency: string };
  sale_id: string;
  create_time: string;
  update_time: string;
  links: LinkDescription[];
}

export interface Order {
  id: string;
  intent: string;
  status: OrderStatus;
  purchase_units: Record<string, unknown>[];
  payer?: { payer_id: string; email_address: string };
  create_time: string;
  update_time: string;
  links: LinkDescription[];
}

/** PayPal's error body: `details[].issue` names what went wrong (e.g. INSTRUMENT_DECLINED). */
export interface ErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details: { issue: string; description: string; field?: string }[];
  links: LinkDescription[];
}

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: LinkDescription[];
}

/** `POST /v1/catalogs/products`. */
export interface CreateProductRequest {
  name: string;
  type: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
  description?: string;
  category?: string;
}

export interface PricingScheme {
  fixed_price: Money;
}

export interface BillingCycle {
  frequency?: { interval_unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval_count?: number };
  tenure_type?: 'REGULAR' | 'TRIAL';
  sequence: number;
  total_cycles?: number;
  pricing_scheme?: PricingScheme;
}

/** `POST /v1/billing/plans`; the emulator bills one REGULAR monthly cycle without end. */
export interface CreatePlanRequest {
  product_id: string;
  name: string;
  status?: 'CREATED' | 'ACTIVE' | 'INACTIVE';
  description?: string;
  billing_cycles: BillingCycle[];
  payment_preferences?: Record<string, unknown>;
}

/** `POST /v1/billing/subscriptions`; `plan.billing_cycles` may override the plan's price for this subscription. */
export interface CreateSubscriptionRequest {
  plan_id: string;
  custom_id?: string;
  plan?: { billing_cycles?: { sequence: number; pricing_scheme: PricingScheme }[] };
  application_context?: { return_url?: string; cancel_url?: string; brand_name?: string; user_action?: string; shipping_preference?: string };
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

/** A subscription as `GET /v1/billing/subscriptions/:id` answers it. */
export interface Subscription {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  custom_id?: string;
  plan_overridden: boolean;
  start_time?: string;
  quantity: string;
  subscriber?: { payer_id: string; email_address: string };
  billing_info?: {
    outstanding_balance: Money;
    cycle_executions: { tenure_type: 'REGULAR'; sequence: number; cycles_completed: number; cycles_remaining: number; total_cycles: number }[];
    last_payment?: { amount: Money; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
  };
  create_time: string;
  update_time: string;
  links: LinkDescription[];
}

/** A payment of a subscription (Payments v1 sale), the resource of PAYMENT.SALE.COMPLETED. */
export interface Sale {
  id: string;
  state: 'completed' | 'partially_refunded' | 'refunded' | 'reversed';
  amount: { total: string; currency: string; details: { subtotal: string } };
  payment_mode: 'INSTANT_TRANSFER';
  billing_agreement_id: string;
  custom?: string;
  create_time: string;
  update_time: string;
  links: LinkDescription[];
}
