import { invalid, notFound, randomId, unprocessable, type Answer } from './answers.js';
import type { Db, KeptRefund, Store } from './database/store.js';
import { fromPayPalValue, receivableBreakdown, toPayPalValue } from './money.js';
import { touch, type Addresses, type EmulatedOrder } from './order.js';
import type { Capture, Money, Refund } from './paypal-shapes.js';
import { representation } from './representation.js';
import type { Signer } from './signer.js';

const ALREADY_CAPTURED = () =>
  unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");

/**
 * `POST /v2/checkout/orders/:id/capture`, `POST /v2/payments/captures/:id/refund` (in full or in part), and reading
 * captures and refunds back. Each change reads the order `FOR UPDATE`, so a capture sent twice at once (to two
 * instances) captures once, and two refunds at once cannot refund more than was captured.
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

  /** Refunds `amount` of a completed capture (`{currency_code, value}`), or all that is left of it without. */
  refund(captureId: string, requestId: string | undefined, amount: unknown, addresses: Addresses): Promise<Answer> {
    return this.store.transaction(async (db) => {
      const order = await this.store.orderOfCapture(db, captureId);
      if (!order?.capture) return notFound();
      const key = requestId && `refund:${order.id}:${requestId}`;
      const first = key ? await this.store.answer(db, key) : undefined;
      if (first) return first;
      let answer: Answer;
      if (order.refundRefusals > 0) {
        // As PayPal refuses a refund the merchant's balance cannot cover. Kept like any answer: PayPal gives a request id
        // used before "the latest status of the previous request", so a new try needs a new id.
        order.refundRefusals -= 1;
        await this.store.saveOrder(db, order);
        answer = unprocessable('REFUND_FAILED_INSUFFICIENT_FUNDS', 'Capture could not be refunded due to insufficient funds.');
        if (key) await this.store.keepAnswer(db, key, order.id, answer);
        return answer;
      }
      const remaining = fromPayPalValue(order.capture.amount.value)! - (await this.store.refundedMinor(db, { captureId }));
      const asked = amount === undefined ? remaining : refundAmount(amount, order.capture.amount.currency_code);
      if (order.capture.status === 'REFUNDED') {
        answer = unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      } else if (!REFUNDABLE.includes(order.capture.status)) {
        answer = unprocessable('CANNOT_BE_REFUNDED', 'The capture cannot be refunded because it is not completed.');
      } else if (typeof asked !== 'number') {
        answer = asked;
      } else if (asked > remaining) {
        answer = unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      } else {
        answer = { status: 201, body: await applyRefund(db, this.store, order, addresses, asked) };
      }
      if (key) await this.store.keepAnswer(db, key, order.id, answer);
      return answer;
    });
  }

  /** `GET /v2/payments/captures/:id`. */
  async getCapture(captureId: string, addresses: Addresses): Promise<Answer> {
    const order = await this.store.orderOfCapture(this.store.pool, captureId);
    if (!order?.capture) return notFound();
    return { status: 200, body: { ...order.capture, links: [{ href: `${addresses.api}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' }] } };
  }

  /** `GET /v2/payments/refunds/:id`: a capture's refund or reversal. */
  async getRefund(refundId: string): Promise<Answer> {
    const kept = await this.store.keptRefund(this.store.pool, { id: refundId });
    return kept?.captureId ? { status: 200, body: kept.body } : notFound();
  }
}

/** Capture statuses that still hold money to refund. */
const REFUNDABLE: Capture['status'][] = ['COMPLETED', 'PARTIALLY_REFUNDED'];

/** A refund request's `amount` in minor units, or the 4xx PayPal answers for it. */
function refundAmount(amount: unknown, currency: string): number | Answer {
  const money = (amount ?? {}) as Partial<Money>;
  const minor = fromPayPalValue(money.value);
  if (minor === undefined || minor <= 0) return invalid('/amount/value', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
  if (money.currency_code !== currency) return unprocessable('CURRENCY_MISMATCH', 'The currency of the refund must be the currency of the capture.');
  return minor;
}

/**
 * Refunds `minor` of an order's capture (all that is left without), or with `kind` REVERSAL takes it back as a
 * chargeback, and saves the order (a refund call, or a REFUNDED or REVERSED event). The capture is PARTIALLY_REFUNDED
 * while money is left, else REFUNDED (or REVERSED).
 */
export async function applyRefund(db: Db, store: Store, order: EmulatedOrder, addresses: Addresses, minor?: number, kind: KeptRefund['kind'] = 'REFUND'): Promise<Refund> {
  const capture = order.capture!;
  const captured = fromPayPalValue(capture.amount.value)!;
  const before = await store.refundedMinor(db, { captureId: capture.id });
  const amountMinor = minor ?? captured - before;
  const now = new Date().toISOString();
  const currency = capture.amount.currency_code;
  const money = (value: number) => ({ currency_code: currency, value: toPayPalValue(value) });
  capture.status = kind === 'REVERSAL' ? 'REVERSED' : before + amountMinor >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.update_time = now;
  const id = randomId(17);
  const refund: Refund = {
    id,
    status: 'COMPLETED',
    amount: money(amountMinor),
    ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
    seller_payable_breakdown: { gross_amount: money(amountMinor), net_amount: money(amountMinor), total_refunded_amount: money(before + amountMinor) },
    create_time: now,
    update_time: now,
    links: [
      { href: `${addresses.api}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
      { href: `${addresses.api}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
    ],
  };
  await store.keepRefund(db, { id, captureId: capture.id, kind, amountMinor, body: refund });
  if (kind === 'REFUND') order.refund = refund;
  touch(order);
  await store.saveOrder(db, order);
  return refund;
}
