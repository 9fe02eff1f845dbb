import { notFound, randomId, unprocessable, type Answer } from './answers.js';
import type { Db, Store } from './database/store.js';
import { receivableBreakdown } from './money.js';
import { touch, type Addresses, type EmulatedOrder } from './order.js';
import type { Capture, Refund } from './paypal-shapes.js';
import { representation } from './representation.js';
import type { Signer } from './signer.js';

const ALREADY_CAPTURED = () =>
  unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");

/**
 * `POST /v2/checkout/orders/:id/capture` and `POST /v2/payments/captures/:id/refund`. Each reads the order
 * `FOR UPDATE`, so a capture sent twice at once (to two instances) captures once.
 */
export class Captures {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
  ) {}

  capture(orderId: string, requestId: string | undefined, addresses: Addresses): Promise<Answer> {
    return this.store.transaction(async (db) => {
      const order = await this.store.order(db, orderId, true);
      if (!order) return notFound();
      order.captureCalls += 1;
      const key = requestId && `capture:${order.id}:${requestId}`;
      const first = key ? await this.store.answer(db, key) : undefined;
      // A repeated capture answers the order as it is now when the first one succeeded, as PayPal does.
      const answer = first ? (first.status === 201 ? { status: 200, body: representation(order, addresses, this.signer) } : first) : this.perform(order, addresses);
      await this.store.saveOrder(db, order);
      if (key && !first) await this.store.keepAnswer(db, key, order.id, answer);
      return answer;
    });
  }

  private perform(order: EmulatedOrder, addresses: Addresses): Answer {
    if (order.status === 'COMPLETED') return ALREADY_CAPTURED();
    if (order.status !== 'APPROVED') {
      return unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    const scenario = order.scenario;
    order.scenario = 'COMPLETED';
    if (scenario === 'DECLINED') {
      // The buyer must choose another way to pay: the order goes back to needing their approval.
      order.status = order.experienceContext ? 'PAYER_ACTION_REQUIRED' : 'CREATED';
      order.payerId = undefined;
      touch(order);
      return unprocessable('INSTRUMENT_DECLINED', "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.");
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
      ...(scenario === 'PENDING' ? {} : { seller_receivable_breakdown: receivableBreakdown(unit.amount) }),
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    touch(order);
    if (scenario === 'ALREADY_CAPTURED') return ALREADY_CAPTURED();
    return { status: 201, body: representation(order, addresses, this.signer) };
  }

  refund(captureId: string, requestId: string | undefined, addresses: Addresses): Promise<Answer> {
    return this.store.transaction(async (db) => {
      const order = await this.store.orderOfCapture(db, captureId);
      if (!order?.capture) return notFound();
      const key = requestId && `refund:${order.id}:${requestId}`;
      const first = key ? await this.store.answer(db, key) : undefined;
      if (first) return first;
      let answer: Answer;
      if (order.capture.status === 'REFUNDED') {
        answer = unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      } else if (order.capture.status !== 'COMPLETED') {
        answer = unprocessable('CANNOT_BE_REFUNDED', 'The capture cannot be refunded because it is not completed.');
      } else {
        answer = { status: 201, body: await applyRefund(db, this.store, order, addresses) };
      }
      if (key) await this.store.keepAnswer(db, key, order.id, answer);
      return answer;
    });
  }
}

/** Refunds an order's completed capture in full and saves the order (a refund call, or a REFUNDED event). */
export async function applyRefund(db: Db, store: Store, order: EmulatedOrder, addresses: Addresses): Promise<Refund> {
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
      { href: `${addresses.api}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
      { href: `${addresses.api}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
    ],
  };
  touch(order);
  await store.saveOrder(db, order);
  return order.refund;
}
