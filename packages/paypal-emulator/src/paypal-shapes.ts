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
export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface Capture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason?: string };
  amount: Money;
  custom_id?: string;
  final_capture: boolean;
  create_time: string;
  update_time: string;
}

export interface Refund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  custom_id?: string;
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
