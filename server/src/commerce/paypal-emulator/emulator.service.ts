import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { fromPayPalValue, toPayPalValue } from '../money.js';
import { OwnOrigin } from '../paypal/own-origin.js';
import type { Capture, CreateOrderRequest, ErrorBody, LinkDescription, Order, OrderStatus, Refund, WebhookEvent } from '../paypal/paypal.types.js';

/** Where the emulator lives in the app; the PayPal client's base URL is the app's own origin plus this. */
export const EMULATOR_PATH = '/paypal-emulator';
export const EMULATOR_CLIENT_ID = 'emulator-client-id';
export const EMULATOR_WEBHOOK_ID = 'EMULATOR-WEBHOOK';
const AUTH_ALGO = 'EMULATOR-HMAC-SHA256';

/** What the next capture of an order does; tests and the approval page choose it. */
export const CAPTURE_SCENARIOS = ['COMPLETED', 'DECLINED', 'PENDING', 'ALREADY_CAPTURED'] as const;
export type CaptureScenario = (typeof CAPTURE_SCENARIOS)[number];

/** Events the emulator can send, each applying its change first (a pending capture completes, ...). */
export const EMULATOR_EVENTS = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'CHECKOUT.ORDER.APPROVED',
] as const;
export type EmulatorEventType = (typeof EMULATOR_EVENTS)[number];

/** Keep this many orders and events; the oldest go first (the emulator is a development stand-in). */
const MAX_KEPT = 5000;

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

interface EmulatedOrder {
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
  /** Answers already given, by `PayPal-Request-Id`, replayed for a repeated request as PayPal does. */
  answers: Map<string, Answer>;
  createTime: string;
  updateTime: string;
}

export interface SignedEvent {
  event: WebhookEvent;
  body: string;
  headers: Record<string, string>;
}

const randomId = (length: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
};

function error(status: number, name: string, issue: string, description: string, field?: string): Answer<ErrorBody> {
  const messages: Record<number, string> = {
    400: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    404: 'The specified resource does not exist.',
    422: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  };
  return {
    status,
    body: {
      name,
      message: messages[status] ?? name,
      debug_id: randomBytes(7).toString('hex'),
      details: [{ issue, description, ...(field ? { field } : {}) }],
      links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }],
    },
  };
}

const notFound = () => error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
const invalid = (field: string, issue: string, description: string) => error(400, 'INVALID_REQUEST', issue, description, field);
const unprocessable = (issue: string, description: string) => error(422, 'UNPROCESSABLE_ENTITY', issue, description);

function keepBounded<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > MAX_KEPT) map.delete(map.keys().next().value as K);
}

/**
 * A stand-in for PayPal that runs inside the app when no PayPal credentials are configured: the same paths and
 * JSON shapes for everything our client uses (OAuth, Orders v2, refunds, webhook verification), an approval
 * page, and controls to reach every branch (declined, pending, already captured, signed webhooks). State is in
 * memory, like a sandbox that is reset when the server restarts; no money ever moves.
 */
@Injectable()
export class PayPalEmulator {
  private readonly logger = new Logger('PayPalEmulator');
  private readonly orders = new Map<string, EmulatedOrder>();
  private readonly orderByCapture = new Map<string, string>();
  private readonly createAnswers = new Map<string, Answer>();
  private readonly events = new Map<string, SignedEvent>();
  private readonly secret: Buffer;
  private tokenLifetimeSeconds = 32_400;
  private tokenRequests = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ownOrigin: OwnOrigin,
  ) {
    this.secret = Buffer.from(config.paypal.emulatorSecret!);
  }

  /** The client secret the in-app PayPal client uses; derived, so nobody outside the server knows it. */
  get clientSecret(): string {
    return createHmac('sha256', this.secret).update('client-secret').digest('hex');
  }

  private get apiBase() {
    return `${this.ownOrigin.get()}${EMULATOR_PATH}`;
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  // OAuth

  issueToken(authorization: string | undefined, grantType: unknown): Answer {
    const expected = `Basic ${Buffer.from(`${EMULATOR_CLIENT_ID}:${this.clientSecret}`).toString('base64')}`;
    if (!authorization || !safeEqual(authorization, expected)) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (grantType !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' } };
    }
    this.tokenRequests += 1;
    const expiresAt = Date.now() + this.tokenLifetimeSeconds * 1000;
    const payload = `${expiresAt}.${randomBytes(6).toString('hex')}`;
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: `EMU.${payload}.${this.sign(payload)}`,
        token_type: 'Bearer',
        app_id: 'APP-EMULATOR',
        expires_in: this.tokenLifetimeSeconds,
        nonce: randomUUID(),
      },
    };
  }

  /** A 401 answer when the bearer token is missing, forged or expired; undefined when it is good. */
  checkToken(authorization: string | undefined): Answer | undefined {
    const match = /^Bearer EMU\.((\d+)\.[0-9a-f]+)\.([\w-]+)$/.exec(authorization ?? '');
    if (!match || !safeEqual(match[3], this.sign(match[1]))) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } };
    }
    if (Number(match[2]) <= Date.now()) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Access Token has expired' } };
    }
    return undefined;
  }

  // Orders v2

  createOrder(request: CreateOrderRequest, requestId?: string): Answer {
    if (requestId && this.createAnswers.has(requestId)) return this.createAnswers.get(requestId)!;
    const problem = validateCreateOrder(request);
    if (problem) return problem;
    const context = request.payment_source?.paypal?.experience_context;
    const legacy = (request as { application_context?: { return_url?: string; cancel_url?: string } }).application_context;
    const now = new Date().toISOString();
    const order: EmulatedOrder = {
      id: randomId(17),
      status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      request,
      returnUrl: context?.return_url ?? legacy?.return_url,
      cancelUrl: context?.cancel_url ?? legacy?.cancel_url,
      experienceContext: Boolean(context),
      scenario: 'COMPLETED',
      captureCalls: 0,
      getCalls: 0,
      answers: new Map(),
      createTime: now,
      updateTime: now,
    };
    keepBounded(this.orders, order.id, order);
    const answer = { status: 201, body: this.representation(order) };
    if (requestId) keepBounded(this.createAnswers, requestId, answer);
    return answer;
  }

  getOrder(id: string): Answer {
    const order = this.orders.get(id);
    if (!order) return notFound();
    order.getCalls += 1;
    return { status: 200, body: this.representation(order) };
  }

  captureOrder(id: string, requestId?: string): Answer {
    const order = this.orders.get(id);
    if (!order) return notFound();
    order.captureCalls += 1;
    const key = requestId ? `capture:${requestId}` : undefined;
    if (key && order.answers.has(key)) {
      const first = order.answers.get(key)!;
      return first.status === 201 ? { status: 200, body: this.representation(order) } : first;
    }
    const answer = this.performCapture(order);
    if (key) order.answers.set(key, answer);
    return answer;
  }

  private performCapture(order: EmulatedOrder): Answer {
    if (order.status === 'COMPLETED') {
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.');
    }
    if (order.status !== 'APPROVED') {
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.');
    }
    const scenario = order.scenario;
    order.scenario = 'COMPLETED';
    if (scenario === 'DECLINED') {
      // The buyer must choose another way to pay: the order goes back to needing their approval.
      order.status = order.experienceContext ? 'PAYER_ACTION_REQUIRED' : 'CREATED';
      order.payerId = undefined;
      this.touch(order);
      return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented  was either declined by the processor or bank, or it can\'t be used for this payment.');
    }
    const unit = order.request.purchase_units[0];
    const now = new Date().toISOString();
    const capture: Capture = {
      id: randomId(17),
      status: scenario === 'PENDING' ? 'PENDING' : 'COMPLETED',
      ...(scenario === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      final_capture: true,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      create_time: now,
      update_time: now,
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    keepBounded(this.orderByCapture, capture.id, order.id);
    this.touch(order);
    if (scenario === 'ALREADY_CAPTURED') {
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.');
    }
    return { status: 201, body: this.representation(order) };
  }

  refundCapture(captureId: string, requestId?: string): Answer {
    const order = this.orders.get(this.orderByCapture.get(captureId) ?? '');
    if (!order?.capture) return notFound();
    const key = requestId ? `refund:${requestId}` : undefined;
    if (key && order.answers.has(key)) return order.answers.get(key)!;
    let answer: Answer;
    if (order.capture.status === 'REFUNDED') {
      answer = unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    } else if (order.capture.status !== 'COMPLETED') {
      answer = unprocessable('CANNOT_BE_REFUNDED', 'The capture cannot be refunded because it is not completed.');
    } else {
      answer = { status: 201, body: this.applyRefund(order) };
    }
    if (key) order.answers.set(key, answer);
    return answer;
  }

  private applyRefund(order: EmulatedOrder): Refund {
    const capture = order.capture!;
    capture.status = 'REFUNDED';
    capture.update_time = new Date().toISOString();
    const id = randomId(17);
    order.refund = {
      id,
      status: 'COMPLETED',
      amount: capture.amount,
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      links: [
        { href: `${this.apiBase}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.apiBase}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    this.touch(order);
    return order.refund;
  }

  // Webhook signatures

  /** `POST /v1/notifications/verify-webhook-signature`: SUCCESS only for an event this emulator signed, unaltered. */
  verifyWebhookSignature(body: Record<string, unknown>): Answer {
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.find((field) => body[field] === undefined || body[field] === null || body[field] === '');
    if (missing) return invalid(`/${missing}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    const expected = this.transmissionSignature(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      JSON.stringify(body.webhook_event),
    );
    const good =
      body.auth_algo === AUTH_ALGO &&
      body.webhook_id === EMULATOR_WEBHOOK_ID &&
      safeEqual(String(body.transmission_sig), expected);
    return { status: 200, body: { verification_status: good ? 'SUCCESS' : 'FAILURE' } };
  }

  private transmissionSignature(transmissionId: string, time: string, webhookId: string, eventBody: string) {
    const digest = createHash('sha256').update(eventBody).digest('hex');
    return this.sign(`${transmissionId}|${time}|${webhookId}|${digest}`);
  }

  private signEvent(event: WebhookEvent): SignedEvent {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      event,
      body,
      headers: {
        'PAYPAL-AUTH-ALGO': AUTH_ALGO,
        'PAYPAL-CERT-URL': `${this.apiBase}/v1/notifications/certs/emulator`,
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-SIG': this.transmissionSignature(transmissionId, time, EMULATOR_WEBHOOK_ID, body),
        'PAYPAL-TRANSMISSION-TIME': time,
      },
    };
  }

  // Approval page

  /**
   * The order an approve link names, when the link is one this emulator gave out: the order id alone is not
   * enough, so nobody who learns an id (from a receipt, a log, a list) can approve someone else's order.
   */
  private linked(token: string, key: string): EmulatedOrder | undefined {
    const order = this.orders.get(token);
    return order && safeEqual(key, this.approvalKey(order.id)) ? order : undefined;
  }

  private approvalKey(orderId: string): string {
    return this.sign(`approve.${orderId}`);
  }

  /** The order as the approval page shows it, or undefined for an unknown token or key. */
  checkoutView(token: string, key: string) {
    const order = this.linked(token, key);
    if (!order) return undefined;
    return { id: order.id, key, status: order.status, scenario: order.scenario, unit: order.request.purchase_units[0] };
  }

  /** The buyer pressed Pay: the order is approved and they go back to the shop with `token` and `PayerID`. */
  approve(token: string, key: string, scenario?: CaptureScenario): string | undefined {
    const order = this.linked(token, key);
    if (!order) return undefined;
    if (scenario) order.scenario = scenario;
    this.markApproved(order);
    return withQuery(order.returnUrl ?? `${this.config.publicUrl}${EMULATOR_PATH}/`, { token: order.id, PayerID: order.payerId ?? randomId(13) });
  }

  private markApproved(order: EmulatedOrder) {
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return;
    order.status = 'APPROVED';
    order.payerId = randomId(13);
    this.touch(order);
  }

  /** The buyer pressed Cancel: back to the shop's cancel URL with `token`; the order stays unapproved. */
  cancel(token: string, key: string): string | undefined {
    const order = this.linked(token, key);
    if (!order) return undefined;
    return withQuery(order.cancelUrl ?? `${this.config.publicUrl}${EMULATOR_PATH}/`, { token: order.id });
  }

  // Controls for tests and developers

  setScenario(id: string, scenario: CaptureScenario): boolean {
    const order = this.orders.get(id);
    if (!order) return false;
    order.scenario = scenario;
    return true;
  }

  setTokenLifetime(seconds: number) {
    this.tokenLifetimeSeconds = seconds;
  }

  stats() {
    const orders = [...this.orders.values()];
    return {
      tokenRequests: this.tokenRequests,
      orders: orders.length,
      captureCalls: orders.reduce((sum, order) => sum + order.captureCalls, 0),
    };
  }

  inspect(id: string) {
    const order = this.orders.get(id);
    if (!order) return undefined;
    return { order: this.representation(order), scenario: order.scenario, captureCalls: order.captureCalls, getCalls: order.getCalls };
  }

  recentOrders(limit = 50) {
    return [...this.orders.values()].slice(-limit).reverse().map((order) => ({
      id: order.id,
      status: order.status,
      captureStatus: order.capture?.status,
      amount: order.request.purchase_units[0].amount,
      description: order.request.purchase_units[0].description,
      createTime: order.createTime,
    }));
  }

  /**
   * Applies what the event reports (a pending capture completes or is denied, a capture is refunded, an order
   * is approved) and signs the event. Answers a 4xx answer when the order is not in a state to have it.
   */
  prepareEvent(orderId: string, type: EmulatorEventType): Answer<SignedEvent | ErrorBody> {
    const order = this.orders.get(orderId);
    if (!order) return notFound();
    const capture = order.capture;
    let resource: Record<string, unknown>;
    let resourceType = 'capture';
    switch (type) {
      case 'CHECKOUT.ORDER.APPROVED':
        this.markApproved(order);
        if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVABLE', `The order is ${order.status}.`);
        resource = this.representation(order) as unknown as Record<string, unknown>;
        resourceType = 'checkout-order';
        break;
      case 'PAYMENT.CAPTURE.REFUNDED':
        if (!capture) return unprocessable('NO_CAPTURE', 'The order has no capture to refund.');
        if (capture.status === 'COMPLETED') this.applyRefund(order);
        if (capture.status !== 'REFUNDED') return unprocessable('CANNOT_BE_REFUNDED', `The capture is ${capture.status}.`);
        resource = { ...order.refund, supplementary_data: { related_ids: { order_id: order.id, capture_id: capture.id } } };
        resourceType = 'refund';
        break;
      default: {
        if (!capture) return unprocessable('NO_CAPTURE', 'The order has not been captured.');
        const wanted = { 'PAYMENT.CAPTURE.COMPLETED': 'COMPLETED', 'PAYMENT.CAPTURE.PENDING': 'PENDING', 'PAYMENT.CAPTURE.DENIED': 'DECLINED' }[type];
        if (capture.status === 'PENDING' && wanted !== 'PENDING') {
          capture.status = wanted as Capture['status'];
          delete capture.status_details;
          capture.update_time = new Date().toISOString();
          this.touch(order);
        }
        if (capture.status !== wanted) return unprocessable('CAPTURE_STATE', `The capture is ${capture.status}.`);
        resource = { ...capture, supplementary_data: { related_ids: { order_id: order.id } } };
      }
    }
    const id = `WH-${randomId(17)}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary: summaryOf(type, order),
      resource,
      links: [
        { href: `${this.apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.apiBase}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const signed = this.signEvent(event);
    keepBounded(this.events, id, signed);
    return { status: 201, body: signed };
  }

  /** A stored event signed afresh (a new transmission of the same event id), as PayPal resends. */
  resignEvent(eventId: string): SignedEvent | undefined {
    const stored = this.events.get(eventId);
    return stored ? this.signEvent(stored.event) : undefined;
  }

  /** Posts a signed event to the app's webhook endpoint and answers what the app said. */
  async deliver(signed: SignedEvent): Promise<{ status: number; body: string }> {
    try {
      const response = await fetch(`${this.ownOrigin.get()}/api/paypal/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...signed.headers },
        body: signed.body,
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (failure) {
      this.logger.warn(`delivering ${signed.event.event_type} failed: ${failure instanceof Error ? failure.message : String(failure)}`);
      return { status: 0, body: failure instanceof Error ? failure.message : String(failure) };
    }
  }

  private touch(order: EmulatedOrder) {
    order.updateTime = new Date().toISOString();
  }

  /** The order as PayPal's `GET /v2/checkout/orders/:id` answers it. */
  private representation(order: EmulatedOrder): Order {
    const unit = order.request.purchase_units[0];
    const base = `${this.apiBase}/v2/checkout/orders/${order.id}`;
    const links: LinkDescription[] = [{ href: base, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      links.push({
        href: `${this.config.publicUrl}${EMULATOR_PATH}/checkoutnow?token=${order.id}&key=${this.approvalKey(order.id)}`,
        rel: order.experienceContext ? 'payer-action' : 'approve',
        method: 'GET',
      });
    }
    if (order.status === 'APPROVED') links.push({ href: `${base}/capture`, rel: 'capture', method: 'POST' });
    const captures = order.capture
      ? [{ ...order.capture, links: [{ href: `${this.apiBase}/v2/payments/captures/${order.capture.id}`, rel: 'self', method: 'GET' }] }]
      : undefined;
    return {
      id: order.id,
      intent: order.request.intent,
      status: order.status,
      purchase_units: [
        {
          reference_id: unit.reference_id ?? 'default',
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          ...(unit.description ? { description: unit.description } : {}),
          amount: unit.amount,
          ...(unit.items ? { items: unit.items } : {}),
          ...(captures ? { payments: { captures, ...(order.refund ? { refunds: [order.refund] } : {}) } } : {}),
        },
      ],
      ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: 'buyer@emulator.invalid' } } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links,
    };
  }
}

function validateCreateOrder(request: CreateOrderRequest): Answer | undefined {
  if (!request || typeof request !== 'object') return invalid('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  if (request.intent !== 'CAPTURE') return invalid('/intent', 'INVALID_PARAMETER_VALUE', 'The emulator supports intent CAPTURE.');
  const units = request.purchase_units;
  if (!Array.isArray(units) || units.length !== 1) {
    return invalid('/purchase_units', 'INVALID_ARRAY_MAX_ITEMS', 'The emulator supports exactly one purchase unit.');
  }
  const unit = units[0];
  const currency = unit?.amount?.currency_code;
  const total = fromPayPalValue(unit?.amount?.value);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return invalid('/purchase_units/@reference_id==\'default\'/amount/currency_code', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
  }
  if (total === undefined || total <= 0) {
    return invalid('/purchase_units/@reference_id==\'default\'/amount/value', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
  }
  if (unit.custom_id !== undefined && (typeof unit.custom_id !== 'string' || unit.custom_id.length > 127)) {
    return invalid('/purchase_units/@reference_id==\'default\'/custom_id', 'INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.');
  }
  if (unit.items?.length) {
    const itemTotal = fromPayPalValue(unit.amount.breakdown?.item_total?.value);
    if (itemTotal === undefined) return unprocessable('ITEM_TOTAL_REQUIRED', 'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.');
    let sum = 0;
    for (const item of unit.items) {
      const price = fromPayPalValue(item.unit_amount?.value);
      const quantity = Number(item.quantity);
      if (price === undefined || !Number.isInteger(quantity) || quantity < 1 || item.unit_amount.currency_code !== currency) {
        return invalid('/purchase_units/@reference_id==\'default\'/items', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      }
      sum += price * quantity;
    }
    if (sum !== itemTotal) return unprocessable('ITEM_TOTAL_MISMATCH', 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.');
    if (itemTotal !== total) return unprocessable('AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.');
  }
  return undefined;
}

function summaryOf(type: EmulatorEventType, order: EmulatedOrder): string {
  const amount = order.request.purchase_units[0].amount;
  const money = `${toPayPalValue(fromPayPalValue(amount.value) ?? 0)} ${amount.currency_code}`;
  return {
    'PAYMENT.CAPTURE.COMPLETED': `Payment completed for ${money}`,
    'PAYMENT.CAPTURE.PENDING': `Payment pending for ${money}`,
    'PAYMENT.CAPTURE.DENIED': `Payment denied for ${money}`,
    'PAYMENT.CAPTURE.REFUNDED': `A ${money} capture payment was refunded`,
    'CHECKOUT.ORDER.APPROVED': 'An order has been approved by buyer',
  }[type];
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
