import { randomUUID } from 'node:crypto';
import { invalid, notFound, randomId, safeEqual, unprocessable, type Answer } from './answers.js';
import { applyRefund } from './captures.js';
import type { Db, EventSubject, Store } from './database/store.js';
import { fromPayPalValue, receivableBreakdown, toPayPalValue } from './money.js';
import { markApproved, touch, type Addresses, type EmulatedOrder } from './order.js';
import type { Capture, ErrorBody, Refund, WebhookEvent } from './paypal-shapes.js';
import { representation } from './representation.js';
import { AUTH_ALGO, WEBHOOK_ID, type Signer } from './signer.js';

/** Events the emulator can send, each applying its change first (a pending capture completes, ...). */
export const EMULATOR_EVENTS = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CHECKOUT.ORDER.APPROVED',
] as const;
export type EmulatorEventType = (typeof EMULATOR_EVENTS)[number];

export const isEvent = (value: unknown): value is EmulatorEventType => EMULATOR_EVENTS.includes(value as EmulatorEventType);

/** An event with the transmission headers PayPal would send it with. */
export interface SignedEvent {
  event: WebhookEvent;
  body: string;
  headers: Record<string, string>;
}

/** What a new event says: its type and the resource it reports. */
export interface EventContent {
  type: string;
  resourceType: string;
  summary: string;
  resource: Record<string, unknown>;
}

export interface Delivery {
  status: number;
  body: string;
}

const CAPTURE_STATUS_OF = { 'PAYMENT.CAPTURE.COMPLETED': 'COMPLETED', 'PAYMENT.CAPTURE.PENDING': 'PENDING', 'PAYMENT.CAPTURE.DENIED': 'DECLINED' } as const;

/** Webhooks: signing and delivering events to the shop, and `POST /v1/notifications/verify-webhook-signature`. */
export class Webhooks {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
    private readonly webhookUrl: () => string,
    private readonly warn: (message: string) => void,
  ) {}

  /** SUCCESS only for an event this emulator signed, unaltered. */
  verify(body: Record<string, unknown>): Answer {
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.find((field) => body[field] === undefined || body[field] === null || body[field] === '');
    if (missing) return invalid(`/${missing}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    const expected = this.signer.transmissionSignature(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      JSON.stringify(body.webhook_event),
    );
    const good = body.auth_algo === AUTH_ALGO && body.webhook_id === WEBHOOK_ID && safeEqual(String(body.transmission_sig), expected);
    return { status: 200, body: { verification_status: good ? 'SUCCESS' : 'FAILURE' } };
  }

  /**
   * Applies what the event reports (a pending capture completes or is denied, a capture is refunded, in full or
   * `amount` of it, or reversed, an order is approved), keeps the event and signs it. With `refundId`, a REFUNDED
   * event reports that refund, already made, instead. Answers a 4xx answer when the order is not in a state to have it.
   */
  prepare(orderId: string, type: EmulatorEventType, addresses: Addresses, options: { amount?: string; refundId?: string } = {}): Promise<Answer<SignedEvent | ErrorBody>> {
    return this.store.transaction(async (db) => {
      const order = await this.store.order(db, orderId, true);
      if (!order) return notFound();
      const capture = order.capture;
      let resource: Record<string, unknown>;
      let resourceType = 'capture';
      switch (type) {
        case 'CHECKOUT.ORDER.APPROVED':
          markApproved(order, randomId(13));
          if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVABLE', `The order is ${order.status}.`);
          resource = { ...representation(order, addresses, this.signer) };
          resourceType = 'checkout-order';
          break;
        case 'PAYMENT.CAPTURE.REFUNDED': {
          if (!capture) return unprocessable('NO_CAPTURE', 'The order has no capture to refund.');
          let refund = order.refund;
          if (options.refundId) {
            const kept = await this.store.keptRefund(db, { id: options.refundId });
            if (kept?.captureId !== capture.id || kept.kind !== 'REFUND') return notFound();
            refund = kept.body as Refund;
          } else if (options.amount !== undefined || capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED') {
            const minor = options.amount === undefined ? undefined : fromPayPalValue(options.amount);
            const left = fromPayPalValue(capture.amount.value)! - (await this.store.refundedMinor(db, { captureId: capture.id }));
            if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') return unprocessable('CANNOT_BE_REFUNDED', `The capture is ${capture.status}.`);
            if (minor !== undefined && !(minor > 0 && minor <= left)) return unprocessable('REFUND_AMOUNT_EXCEEDED', `amount must be more than 0 and at most ${toPayPalValue(left)}.`);
            refund = await applyRefund(db, this.store, order, addresses, minor);
          } else if (capture.status !== 'REFUNDED') {
            return unprocessable('CANNOT_BE_REFUNDED', `The capture is ${capture.status}.`);
          }
          resource = { ...refund, supplementary_data: { related_ids: { order_id: order.id, capture_id: capture.id } } };
          resourceType = 'refund';
          break;
        }
        case 'PAYMENT.CAPTURE.REVERSED': {
          if (!capture) return unprocessable('NO_CAPTURE', 'The order has no capture to reverse.');
          if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') return unprocessable('CANNOT_BE_REVERSED', `The capture is ${capture.status}.`);
          const reversal = await applyRefund(db, this.store, order, addresses, undefined, 'REVERSAL');
          resource = { ...reversal, supplementary_data: { related_ids: { order_id: order.id, capture_id: capture.id } } };
          resourceType = 'refund';
          break;
        }
        default: {
          if (!capture) return unprocessable('NO_CAPTURE', 'The order has not been captured.');
          const wanted = CAPTURE_STATUS_OF[type];
          if (capture.status === 'PENDING' && wanted !== 'PENDING') settle(order, capture, wanted);
          if (capture.status !== wanted) return unprocessable('CAPTURE_STATE', `The capture is ${capture.status}.`);
          resource = { ...capture, supplementary_data: { related_ids: { order_id: order.id } } };
        }
      }
      await this.store.saveOrder(db, order);
      const signed = await this.record(db, { orderId: order.id }, { type, resourceType, summary: summaryOf(type, order), resource }, addresses);
      return { status: 201, body: signed };
    });
  }

  /** Keeps a new event about an order or a subscription (in the caller's transaction) and signs it. */
  async record(db: Db, about: EventSubject, what: EventContent, addresses: Addresses): Promise<SignedEvent> {
    const id = `WH-${randomId(17)}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: what.resourceType,
      resource_version: '2.0',
      event_type: what.type,
      summary: what.summary,
      resource: what.resource,
      links: [
        { href: `${addresses.api}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${addresses.api}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    await this.store.keepEvent(db, about, event);
    return this.sign(event, addresses);
  }

  /** A kept event signed afresh (a new transmission of the same event id), as PayPal resends. */
  async resign(eventId: string, addresses: Addresses): Promise<SignedEvent | undefined> {
    const event = await this.store.event(eventId);
    return event && this.sign(event, addresses);
  }

  /** Posts a signed event to the shop's webhook endpoint and answers what the shop said. */
  async deliver(signed: SignedEvent): Promise<Delivery> {
    try {
      const response = await fetch(this.webhookUrl(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...signed.headers },
        body: signed.body,
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      this.warn(`delivering ${signed.event.event_type} failed: ${reason}`);
      return { status: 0, body: reason };
    }
  }

  private sign(event: WebhookEvent, addresses: Addresses): SignedEvent {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      event,
      body,
      headers: {
        'PAYPAL-AUTH-ALGO': AUTH_ALGO,
        'PAYPAL-CERT-URL': `${addresses.api}/v1/notifications/certs/emulator`,
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-SIG': this.signer.transmissionSignature(transmissionId, time, WEBHOOK_ID, body),
        'PAYPAL-TRANSMISSION-TIME': time,
      },
    };
  }
}

/** A pending capture completes or is denied, as PayPal's review decides. */
function settle(order: EmulatedOrder, capture: Capture, status: Capture['status']) {
  capture.status = status;
  delete capture.status_details;
  if (status === 'COMPLETED') capture.seller_receivable_breakdown = receivableBreakdown(capture.amount);
  capture.update_time = new Date().toISOString();
  touch(order);
}

function summaryOf(type: EmulatorEventType, order: EmulatedOrder): string {
  const amount = order.request.purchase_units[0].amount;
  const money = `${toPayPalValue(fromPayPalValue(amount.value) ?? 0)} ${amount.currency_code}`;
  return {
    'PAYMENT.CAPTURE.COMPLETED': `Payment completed for ${money}`,
    'PAYMENT.CAPTURE.PENDING': `Payment pending for ${money}`,
    'PAYMENT.CAPTURE.DENIED': `Payment denied for ${money}`,
    'PAYMENT.CAPTURE.REFUNDED': `A ${money} capture payment was refunded`,
    'PAYMENT.CAPTURE.REVERSED': `A ${money} capture payment was reversed`,
    'CHECKOUT.ORDER.APPROVED': 'An order has been approved by buyer',
  }[type];
}
