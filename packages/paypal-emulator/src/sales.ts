import { invalid, notFound, randomId, unprocessable, type Answer } from './answers.js';
import type { Db, KeptRefund, Store } from './database/store.js';
import { fromPayPalValue, toPayPalValue } from './money.js';
import type { Addresses } from './order.js';
import type { ErrorBody, Sale, SaleRefund } from './paypal-shapes.js';
import type { SignedEvent, Webhooks } from './webhooks.js';

/** Events about a subscription's payment that the controls can send, each applying its change first. */
export const SALE_EVENTS = ['PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED'] as const;
export type SaleEventType = (typeof SALE_EVENTS)[number];

export const isSaleEvent = (value: unknown): value is SaleEventType => SALE_EVENTS.includes(value as SaleEventType);

/**
 * Payments v1 for a subscription's payments (sales): `POST /v1/payments/sale/:id/refund` (in full or in part, once per
 * PayPal-Request-Id), `GET /v1/payments/sale/:id` and `GET /v1/payments/refund/:id`, and for the controls a refund or
 * a reversal (chargeback) sent to the shop as its signed event. A sale is known by the PAYMENT.SALE.COMPLETED event
 * that reported it; changes to one sale take turns on an advisory lock.
 */
export class Sales {
  constructor(
    private readonly store: Store,
    private readonly webhooks: Webhooks,
  ) {}

  /** `amount` is Payments v1's `{total, currency}`; without it, all that is left is refunded. */
  refund(saleId: string, requestId: string | undefined, amount: unknown, addresses: Addresses): Promise<Answer> {
    return this.store.transaction(async (db) => {
      await this.store.serialise(db, `sale:${saleId}`);
      const found = await this.store.sale(db, saleId);
      if (!found) return notFound();
      const requestKey = requestId && `sale-refund:${saleId}:${requestId}`;
      const first = requestKey ? await this.store.keptRefund(db, { requestKey }) : undefined;
      if (first) return { status: 201, body: first.body };
      const refunded = await this.refundOf(db, found.sale, amount, 'REFUND', addresses, requestKey || undefined);
      return 'id' in refunded ? { status: 201, body: refunded } : { status: refunded.status, body: refunded.body };
    });
  }

  async getSale(saleId: string): Promise<Answer> {
    const found = await this.store.sale(this.store.pool, saleId);
    if (!found) return notFound();
    return { status: 200, body: { ...found.sale, state: await this.state(this.store.pool, found.sale) } };
  }

  async getRefund(refundId: string): Promise<Answer> {
    const kept = await this.store.keptRefund(this.store.pool, { id: refundId });
    return kept?.saleId ? { status: 200, body: kept.body } : notFound();
  }

  /**
   * Refunds (`amount`, or all that is left) or reverses a sale and signs the event PayPal sends for it; with
   * `refundId`, signs PAYMENT.SALE.REFUNDED for a refund already made (through the API, say) instead.
   */
  prepare(saleId: string, type: SaleEventType, options: { amount?: string; refundId?: string }, addresses: Addresses): Promise<Answer<SignedEvent | ErrorBody>> {
    return this.store.transaction(async (db) => {
      await this.store.serialise(db, `sale:${saleId}`);
      const found = await this.store.sale(db, saleId);
      if (!found) return notFound();
      let refund: SaleRefund;
      if (options.refundId) {
        const kept = await this.store.keptRefund(db, { id: options.refundId });
        if (kept?.saleId !== saleId || kept.kind !== 'REFUND' || type !== 'PAYMENT.SALE.REFUNDED') return notFound();
        refund = kept.body as SaleRefund;
      } else {
        const amount = options.amount === undefined ? undefined : { total: options.amount, currency: found.sale.amount.currency };
        const made = await this.refundOf(db, found.sale, amount, type === 'PAYMENT.SALE.REVERSED' ? 'REVERSAL' : 'REFUND', addresses);
        if (!('id' in made)) return made;
        refund = made;
      }
      const verb = type === 'PAYMENT.SALE.REVERSED' ? 'reversed' : 'refunded';
      const signed = await this.webhooks.record(
        db,
        { subscriptionId: found.subscriptionId },
        { type, resourceType: 'sale', summary: `A ${refund.amount.total} ${refund.amount.currency} sale payment was ${verb}`, resource: saleEventResource(type, found.sale, refund) },
        addresses,
      );
      return { status: 201, body: signed };
    });
  }

  private async refundOf(db: Db, sale: Sale, amount: unknown, kind: KeptRefund['kind'], addresses: Addresses, requestKey?: string): Promise<SaleRefund | Answer<ErrorBody>> {
    const paid = fromPayPalValue(sale.amount.total)!;
    const remaining = paid - (await this.store.refundedMinor(db, { saleId: sale.id }));
    if ((await this.state(db, sale)) === 'reversed' || remaining <= 0) return unprocessable('TRANSACTION_REFUSED', 'The sale has been refunded or reversed in full.');
    let minor = remaining;
    if (amount !== undefined && kind === 'REFUND') {
      const money = (amount ?? {}) as { total?: unknown; currency?: unknown };
      const asked = fromPayPalValue(money.total);
      if (asked === undefined || asked <= 0) return invalid('/amount/total', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      if (money.currency !== sale.amount.currency) return unprocessable('CURRENCY_MISMATCH', 'The currency of the refund must be the currency of the sale.');
      if (asked > remaining) return unprocessable('REFUND_EXCEEDED_TRANSACTION_AMOUNT', 'Refund amount exceeds what is left of the sale.');
      minor = asked;
    }
    const id = randomId(17);
    const now = new Date().toISOString();
    const refund: SaleRefund = {
      id,
      state: 'completed',
      amount: { total: toPayPalValue(minor), currency: sale.amount.currency },
      sale_id: sale.id,
      create_time: now,
      update_time: now,
      links: [
        { href: `${addresses.api}/v1/payments/refund/${id}`, rel: 'self', method: 'GET' },
        { href: `${addresses.api}/v1/payments/sale/${sale.id}`, rel: 'sale', method: 'GET' },
      ],
    };
    await this.store.keepRefund(db, { id, saleId: sale.id, kind, amountMinor: minor, requestKey, body: refund });
    return refund;
  }

  private async state(db: Db, sale: Sale): Promise<Sale['state']> {
    const { rows } = await db.query<{ reversed: boolean; refunded: string }>(
      `SELECT bool_or(kind = 'REVERSAL') AS reversed, coalesce(sum(amount_minor), 0) AS refunded FROM paypal_emulator.refunds WHERE sale_id = $1`,
      [sale.id],
    );
    if (rows[0].reversed) return 'reversed';
    const refunded = Number(rows[0].refunded);
    if (!refunded) return 'completed';
    return refunded >= fromPayPalValue(sale.amount.total)! ? 'refunded' : 'partially_refunded';
  }
}

/**
 * The resource of a sale's refund or reversal event as PayPal's documented samples have it: the amount negative; a
 * refund's own id with its `sale_id`; a reversal with no `sale_id` and not its own id, only a `self` link naming it.
 */
function saleEventResource(type: SaleEventType, sale: Sale, refund: SaleRefund): Record<string, unknown> {
  const amount = { total: `-${refund.amount.total}`, currency: refund.amount.currency };
  if (type === 'PAYMENT.SALE.REFUNDED') return { ...refund, amount };
  const self = refund.links.filter((link) => link.rel === 'self');
  return { id: sale.id, state: 'completed', amount, create_time: refund.create_time, update_time: refund.update_time, links: self };
}
