import { invalid, notFound, randomId, safeEqual, unprocessable, withQuery, type Answer } from './answers.js';
import type { Db, Store } from './database/store.js';
import { formatMoney, fromPayPalValue, toPayPalValue } from './money.js';
import type { Addresses } from './order.js';
import type {
  CreatePlanRequest,
  CreateProductRequest,
  CreateSubscriptionRequest,
  Money,
  Sale,
  Subscription,
  SubscriptionStatus,
} from './paypal-shapes.js';
import type { Signer } from './signer.js';
import type { EventContent, SignedEvent, Webhooks } from './webhooks.js';

interface SubscriptionRow {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  custom_id: string | null;
  currency_code: string;
  value: string;
  plan_overridden: boolean;
  return_url: string | null;
  cancel_url: string | null;
  payer_id: string | null;
  start_time: Date | null;
  next_billing_time: Date | null;
  cycles_completed: number;
  failed_payments_count: number;
  next_payment_fails: boolean;
  last_payment: { amount: Money; time: string } | null;
  status_update_time: Date;
  create_time: Date;
  update_time: Date;
}

/** What the subscription approval page shows. */
export interface SubscriptionView {
  id: string;
  key: string;
  status: SubscriptionStatus;
  price: string;
  product: string;
}

/** Where a subscription's payments stand, for tests and developers. */
export interface SubscriptionInspection {
  subscription: Subscription;
  cyclesCompleted: number;
  nextPaymentFails: boolean;
}

/** The answer of a control that ran a billing cycle: the event it sent and what the shop said. */
export interface CycleResult {
  event: SignedEvent['event'];
  delivery: Awaited<ReturnType<Webhooks['deliver']>>;
}

const ENDED: SubscriptionStatus[] = ['CANCELLED', 'EXPIRED'];

const now = () => new Date();

/** The same day next month, as PayPal moves a monthly subscription's next billing time. */
function nextMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** A price PayPal accepts: a currency code and a positive amount with at most two decimals. */
function price(money: Partial<Money> | undefined): Money | undefined {
  const minor = fromPayPalValue(money?.value);
  if (typeof money?.currency_code !== 'string' || !/^[A-Z]{3}$/.test(money.currency_code) || minor === undefined || minor <= 0) return undefined;
  return { currency_code: money.currency_code, value: toPayPalValue(minor) };
}

/**
 * Subscriptions v1 and Catalog Products v1: products, monthly plans, subscriptions with their approval page,
 * cancelling, and billing cycles run on request (by a test or a developer) instead of by the calendar. Every
 * change of a subscription is sent to the shop as a signed webhook, as PayPal does.
 */
export class Billing {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
    private readonly webhooks: Webhooks,
  ) {}

  async createProduct(request: CreateProductRequest, addresses: Addresses): Promise<Answer> {
    if (typeof request?.name !== 'string' || !request.name || request.name.length > 127) {
      return invalid('/name', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(request.type)) return invalid('/type', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    const id = `PROD-${randomId(17)}`;
    const time = now().toISOString();
    const body = { id, name: request.name, description: request.description, type: request.type, category: request.category, create_time: time, update_time: time };
    await this.store.pool.query('INSERT INTO paypal_emulator.products (id, body) VALUES ($1, $2)', [id, JSON.stringify(body)]);
    return { status: 201, body: { ...body, links: [{ href: `${addresses.api}/v1/catalogs/products/${id}`, rel: 'self', method: 'GET' }] } };
  }

  async createPlan(request: CreatePlanRequest, addresses: Addresses): Promise<Answer> {
    const product = await this.store.pool.query('SELECT 1 FROM paypal_emulator.products WHERE id = $1', [String(request?.product_id)]);
    if (!product.rowCount) return invalid('/product_id', 'INVALID_PARAMETER_VALUE', 'The specified product does not exist.');
    const cycles = Array.isArray(request.billing_cycles) ? request.billing_cycles : [];
    const cycle = cycles[0];
    if (cycles.length !== 1 || cycle.tenure_type !== 'REGULAR' || cycle.frequency?.interval_unit !== 'MONTH' || (cycle.frequency.interval_count ?? 1) !== 1) {
      return invalid('/billing_cycles', 'INVALID_PARAMETER_VALUE', 'The emulator supports one REGULAR cycle billed every month.');
    }
    if (!price(cycle.pricing_scheme?.fixed_price)) {
      return invalid('/billing_cycles/0/pricing_scheme/fixed_price', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    const id = `P-${randomId(24)}`;
    const time = now().toISOString();
    const body = { id, product_id: request.product_id, name: request.name, description: request.description, status: request.status ?? 'ACTIVE', billing_cycles: cycles, payment_preferences: request.payment_preferences, create_time: time, update_time: time };
    await this.store.pool.query('INSERT INTO paypal_emulator.plans (id, product_id, body) VALUES ($1, $2, $3)', [id, request.product_id, JSON.stringify(body)]);
    return { status: 201, body: { ...body, links: [{ href: `${addresses.api}/v1/billing/plans/${id}`, rel: 'self', method: 'GET' }] } };
  }

  async createSubscription(request: CreateSubscriptionRequest, addresses: Addresses): Promise<Answer> {
    const { rows } = await this.store.pool.query<{ body: CreatePlanRequest }>('SELECT body FROM paypal_emulator.plans WHERE id = $1', [String(request?.plan_id)]);
    if (!rows[0]) return unprocessable('INVALID_PLAN', 'The plan does not exist or is not active.');
    const planPrice = price(rows[0].body.billing_cycles[0].pricing_scheme?.fixed_price)!;
    const override = request.plan?.billing_cycles?.[0]?.pricing_scheme?.fixed_price;
    const charged = override === undefined ? planPrice : price(override);
    if (!charged || charged.currency_code !== planPrice.currency_code) {
      return invalid('/plan/billing_cycles/0/pricing_scheme/fixed_price', 'INVALID_PARAMETER_VALUE', "The price must be an amount in the plan's currency.");
    }
    if (request.custom_id !== undefined && (typeof request.custom_id !== 'string' || request.custom_id.length > 127)) {
      return invalid('/custom_id', 'INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.');
    }
    const time = now();
    const inserted = await this.store.pool.query<SubscriptionRow>(
      `INSERT INTO paypal_emulator.subscriptions (id, plan_id, status, custom_id, currency_code, value, plan_overridden, return_url, cancel_url, status_update_time, create_time, update_time)
       VALUES ($1, $2, 'APPROVAL_PENDING', $3, $4, $5, $6, $7, $8, $9, $9, $9) RETURNING *`,
      [
        `I-${randomId(12)}`,
        request.plan_id,
        request.custom_id,
        charged.currency_code,
        charged.value,
        override !== undefined,
        request.application_context?.return_url,
        request.application_context?.cancel_url,
        time,
      ],
    );
    return { status: 201, body: this.representation(inserted.rows[0], addresses) };
  }

  async getSubscription(id: string, addresses: Addresses): Promise<Answer> {
    const row = await this.row(this.store.pool, id);
    return row ? { status: 200, body: this.representation(row, addresses) } : notFound();
  }

  /** `POST /v1/billing/subscriptions/:id/cancel`: 204, then BILLING.SUBSCRIPTION.CANCELLED to the shop. */
  async cancel(id: string, addresses: Addresses): Promise<Answer> {
    const result = await this.store.transaction(async (db) => {
      const row = await this.row(db, id, true);
      if (!row) return { answer: notFound() };
      if (ENDED.includes(row.status)) return { answer: unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status for cancel action; subscription status should be active or suspended.`) };
      const cancelled = await this.setStatus(db, row, 'CANCELLED');
      const signed = await this.event(db, cancelled, 'BILLING.SUBSCRIPTION.CANCELLED', 'A billing subscription was cancelled.', addresses);
      return { answer: { status: 204, body: undefined }, signed };
    });
    if (result.signed) await this.webhooks.deliver(result.signed);
    return result.answer;
  }

  // The buyer's side

  async view(token: string, key: string): Promise<SubscriptionView | undefined> {
    const row = await this.linked(this.store.pool, token, key);
    if (!row) return undefined;
    const plan = await this.store.pool.query<{ name: string }>(
      "SELECT products.body->>'name' AS name FROM paypal_emulator.plans JOIN paypal_emulator.products ON products.id = plans.product_id WHERE plans.id = $1",
      [row.plan_id],
    );
    return { id: row.id, key, status: row.status, price: formatMoney(row.value, row.currency_code), product: plan.rows[0]?.name ?? 'Subscription' };
  }

  /** The buyer agreed: the subscription is ACTIVE, its first payment due now; back to the shop's return URL. */
  async approve(token: string, key: string, home: string, addresses: Addresses): Promise<string | undefined> {
    const result = await this.store.transaction(async (db) => {
      const row = await this.linked(db, token, key, true);
      if (!row) return undefined;
      let signed: SignedEvent | undefined;
      if (row.status === 'APPROVAL_PENDING') {
        const time = now();
        await db.query('UPDATE paypal_emulator.subscriptions SET payer_id = $2, start_time = $3, next_billing_time = $3 WHERE id = $1', [row.id, randomId(13), time]);
        const active = await this.setStatus(db, row, 'ACTIVE');
        signed = await this.event(db, active, 'BILLING.SUBSCRIPTION.ACTIVATED', 'A billing subscription was activated.', addresses);
      }
      const agreement = `BA-${randomId(17)}`;
      return { target: withQuery(row.return_url ?? home, { subscription_id: row.id, ba_token: agreement, token: agreement }), signed };
    });
    if (result?.signed) await this.webhooks.deliver(result.signed);
    return result?.target;
  }

  /** The buyer declined: back to the shop's cancel URL; the subscription stays APPROVAL_PENDING. */
  async decline(token: string, key: string, home: string): Promise<string | undefined> {
    const row = await this.linked(this.store.pool, token, key);
    return row && withQuery(row.cancel_url ?? home, { subscription_id: row.id, token: row.id });
  }

  // Controls

  async inspect(id: string, addresses: Addresses): Promise<SubscriptionInspection | undefined> {
    const row = await this.row(this.store.pool, id);
    return row && { subscription: this.representation(row, addresses), cyclesCompleted: row.cycles_completed, nextPaymentFails: row.next_payment_fails };
  }

  /** The next payment is refused (BILLING.SUBSCRIPTION.PAYMENT.FAILED) instead of taken. */
  async failNextPayment(id: string): Promise<boolean> {
    const updated = await this.store.pool.query('UPDATE paypal_emulator.subscriptions SET next_payment_fails = true WHERE id = $1', [id]);
    return Boolean(updated.rowCount);
  }

  /**
   * Runs the billing cycle that is due, as PayPal's scheduler would on the next billing date: takes the payment
   * (PAYMENT.SALE.COMPLETED; `amount` lets a test make PayPal report another amount) or, when told to, fails it
   * (BILLING.SUBSCRIPTION.PAYMENT.FAILED). Only an ACTIVE subscription is billed. `time` (ISO 8601) dates the sale as
   * PayPal took it, for a test of a payment taken before its event arrives (a retried delivery).
   */
  async runCycle(id: string, amount: string | undefined, addresses: Addresses, time = now()): Promise<Answer> {
    if (amount !== undefined && fromPayPalValue(amount) === undefined) return invalid('/amount', 'INVALID_PARAMETER_VALUE', 'amount must be a decimal string.');
    if (Number.isNaN(time.getTime())) return invalid('/time', 'INVALID_PARAMETER_VALUE', 'time must be an ISO 8601 date-time.');
    const result = await this.store.transaction(async (db): Promise<Answer> => {
      const row = await this.row(db, id, true);
      if (!row) return notFound();
      if (row.status !== 'ACTIVE') return unprocessable('SUBSCRIPTION_STATUS_INVALID', `The subscription is ${row.status}.`);
      if (row.next_payment_fails) {
        const failed = await this.update(db, row.id, 'failed_payments_count = failed_payments_count + 1, next_payment_fails = false');
        return { status: 201, body: await this.event(db, failed, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'Subscription payment failed.', addresses) };
      }
      const total = amount === undefined ? row.value : toPayPalValue(fromPayPalValue(amount)!);
      const lastPayment = { amount: { currency_code: row.currency_code, value: total }, time: time.toISOString() };
      const paid = await this.update(db, row.id, 'cycles_completed = cycles_completed + 1, next_billing_time = $2, last_payment = $3', [
        nextMonth(row.next_billing_time ?? time),
        JSON.stringify(lastPayment),
      ]);
      const saleId = randomId(17);
      const sale: Sale = {
        id: saleId,
        state: 'completed',
        amount: { total, currency: row.currency_code, details: { subtotal: total } },
        payment_mode: 'INSTANT_TRANSFER',
        billing_agreement_id: row.id,
        ...(row.custom_id ? { custom: row.custom_id } : {}),
        create_time: lastPayment.time,
        update_time: lastPayment.time,
        links: [
          { href: `${addresses.api}/v1/payments/sale/${saleId}`, rel: 'self', method: 'GET' },
          { href: `${addresses.api}/v1/payments/sale/${saleId}/refund`, rel: 'refund', method: 'POST' },
        ],
      };
      const content: EventContent = {
        type: 'PAYMENT.SALE.COMPLETED',
        resourceType: 'sale',
        summary: `Payment completed for ${total} ${row.currency_code}`,
        resource: { ...sale },
      };
      return { status: 201, body: await this.webhooks.record(db, { subscriptionId: paid.id }, content, addresses) };
    });
    if (result.status !== 201) return result;
    const signed = result.body as SignedEvent;
    const cycle: CycleResult = { event: signed.event, delivery: await this.webhooks.deliver(signed) };
    return { status: 201, body: cycle };
  }

  async recentSubscriptions(limit = 50): Promise<{ id: string; status: SubscriptionStatus; price: string; cyclesCompleted: number }[]> {
    const { rows } = await this.store.pool.query<SubscriptionRow>('SELECT * FROM paypal_emulator.subscriptions ORDER BY create_time DESC LIMIT $1', [limit]);
    return rows.map((row) => ({ id: row.id, status: row.status, price: formatMoney(row.value, row.currency_code), cyclesCompleted: row.cycles_completed }));
  }

  private async row(db: Db, id: string, lock = false): Promise<SubscriptionRow | undefined> {
    const { rows } = await db.query<SubscriptionRow>(`SELECT * FROM paypal_emulator.subscriptions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** Only an approve link this emulator gave out opens a subscription, as for orders. */
  private linked(db: Db, token: string, key: string, lock = false): Promise<SubscriptionRow | undefined> {
    if (!token || !safeEqual(key, this.signer.approvalKey(token))) return Promise.resolve(undefined);
    return this.row(db, token, lock);
  }

  private async update(db: Db, id: string, assignments: string, params: unknown[] = []): Promise<SubscriptionRow> {
    const { rows } = await db.query<SubscriptionRow>(`UPDATE paypal_emulator.subscriptions SET ${assignments}, update_time = now() WHERE id = $1 RETURNING *`, [id, ...params]);
    return rows[0];
  }

  private setStatus(db: Db, row: SubscriptionRow, status: SubscriptionStatus): Promise<SubscriptionRow> {
    return this.update(db, row.id, "status = $2, status_update_time = now(), next_billing_time = CASE WHEN $2 = 'ACTIVE' THEN next_billing_time END", [status]);
  }

  /** A BILLING.SUBSCRIPTION.* event carrying the subscription as it now is. */
  private event(db: Db, row: SubscriptionRow, type: string, summary: string, addresses: Addresses): Promise<SignedEvent> {
    const resource = { ...this.representation(row, addresses) };
    return this.webhooks.record(db, { subscriptionId: row.id }, { type, resourceType: 'subscription', summary, resource }, addresses);
  }

  private representation(row: SubscriptionRow, addresses: Addresses): Subscription {
    const self = `${addresses.api}/v1/billing/subscriptions/${row.id}`;
    const links =
      row.status === 'APPROVAL_PENDING'
        ? [
            { href: `${addresses.buyer}/subscribe?token=${row.id}&key=${this.signer.approvalKey(row.id)}`, rel: 'approve', method: 'GET' },
            { href: self, rel: 'edit', method: 'PATCH' },
            { href: self, rel: 'self', method: 'GET' },
          ]
        : [
            { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
            { href: self, rel: 'edit', method: 'PATCH' },
            { href: self, rel: 'self', method: 'GET' },
          ];
    return {
      id: row.id,
      plan_id: row.plan_id,
      status: row.status,
      status_update_time: row.status_update_time.toISOString(),
      ...(row.custom_id ? { custom_id: row.custom_id } : {}),
      plan_overridden: row.plan_overridden,
      ...(row.start_time ? { start_time: row.start_time.toISOString() } : {}),
      quantity: '1',
      ...(row.payer_id ? { subscriber: { payer_id: row.payer_id, email_address: 'buyer@emulator.invalid' } } : {}),
      ...(row.start_time
        ? {
            billing_info: {
              outstanding_balance: { currency_code: row.currency_code, value: '0.00' },
              cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: row.cycles_completed, cycles_remaining: 0, total_cycles: 0 }],
              ...(row.last_payment ? { last_payment: row.last_payment } : {}),
              ...(row.next_billing_time ? { next_billing_time: row.next_billing_time.toISOString() } : {}),
              failed_payments_count: row.failed_payments_count,
            },
          }
        : {}),
      create_time: row.create_time.toISOString(),
      update_time: row.update_time.toISOString(),
      links,
    };
  }
}
