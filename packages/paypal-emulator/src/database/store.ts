import type pg from 'pg';
import type { Answer } from '../answers.js';
import type { CaptureScenario, EmulatedOrder } from '../order.js';
import type { Capture, CreateOrderRequest, OrderStatus, Refund, Sale, WebhookEvent } from '../paypal-shapes.js';

/** Keep this many orders and events; the oldest go first (the emulator is a development stand-in). */
const MAX_KEPT = 5000;

/** What an event is about: one order or one subscription. */
export type EventSubject = { orderId: string; subscriptionId?: undefined } | { subscriptionId: string; orderId?: undefined };

/** A refund or reversal as the emulator keeps it; `body` is what PayPal answers for it. */
export interface KeptRefund {
  id: string;
  captureId?: string;
  saleId?: string;
  kind: 'REFUND' | 'REVERSAL';
  amountMinor: number;
  requestKey?: string;
  body: unknown;
}

/** A connection that may be inside a transaction, or the pool itself. */
export type Db = Pick<pg.Pool, 'query'>;

interface OrderRow {
  id: string;
  status: OrderStatus;
  request: CreateOrderRequest;
  return_url: string | null;
  cancel_url: string | null;
  experience_context: boolean;
  payer_id: string | null;
  scenario: CaptureScenario;
  capture: Capture | null;
  refund: Refund | null;
  capture_calls: number;
  get_calls: number;
  refund_refusals: number;
  create_time: Date;
  update_time: Date;
}

const toOrder = (row: OrderRow): EmulatedOrder => ({
  id: row.id,
  status: row.status,
  request: row.request,
  returnUrl: row.return_url ?? undefined,
  cancelUrl: row.cancel_url ?? undefined,
  experienceContext: row.experience_context,
  payerId: row.payer_id ?? undefined,
  scenario: row.scenario,
  capture: row.capture ?? undefined,
  refund: row.refund ?? undefined,
  captureCalls: row.capture_calls,
  getCalls: row.get_calls,
  refundRefusals: row.refund_refusals,
  createTime: row.create_time,
  updateTime: row.update_time,
});

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The emulator's state in PostgreSQL, so it outlives a restart and every instance behind one database sees the
 * same orders. Whatever changes an order reads it `FOR UPDATE` inside `transaction`, so two instances capturing
 * the same order at once take turns, as PayPal's one order would.
 */
export class Store {
  constructor(readonly pool: pg.Pool) {}

  async transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Makes concurrent requests with the same key (a PayPal-Request-Id) wait for each other until commit. */
  async serialise(db: Db, key: string): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`paypal_emulator.${key}`]);
  }

  async order(db: Db, id: string, lock = false): Promise<EmulatedOrder | undefined> {
    const { rows } = await db.query<OrderRow>(`SELECT * FROM paypal_emulator.orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] && toOrder(rows[0]);
  }

  async orderOfCapture(db: Db, captureId: string): Promise<EmulatedOrder | undefined> {
    const { rows } = await db.query<OrderRow>('SELECT * FROM paypal_emulator.orders WHERE capture_id = $1 FOR UPDATE', [captureId]);
    return rows[0] && toOrder(rows[0]);
  }

  /** Reads an order for `GET /v2/checkout/orders/:id`, counting the read (tests ask how often the shop looked). */
  async countRead(id: string): Promise<EmulatedOrder | undefined> {
    const { rows } = await this.pool.query<OrderRow>('UPDATE paypal_emulator.orders SET get_calls = get_calls + 1 WHERE id = $1 RETURNING *', [id]);
    return rows[0] && toOrder(rows[0]);
  }

  async insertOrder(db: Db, order: EmulatedOrder): Promise<void> {
    await db.query(
      `INSERT INTO paypal_emulator.orders (id, status, request, return_url, cancel_url, experience_context, scenario, create_time, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [order.id, order.status, json(order.request), order.returnUrl, order.cancelUrl, order.experienceContext, order.scenario, order.createTime, order.updateTime],
    );
    await db.query(
      'DELETE FROM paypal_emulator.orders WHERE id IN (SELECT id FROM paypal_emulator.orders ORDER BY create_time DESC OFFSET $1)',
      [MAX_KEPT],
    );
  }

  /** Writes what an order's handling may change; its read count is kept by `countRead` alone. */
  async saveOrder(db: Db, order: EmulatedOrder): Promise<void> {
    await db.query(
      `UPDATE paypal_emulator.orders SET status = $2, payer_id = $3, scenario = $4, capture = $5, capture_id = $6, refund = $7,
         capture_calls = $8, update_time = $9, refund_refusals = $10 WHERE id = $1`,
      [order.id, order.status, order.payerId, order.scenario, json(order.capture), order.capture?.id, json(order.refund), order.captureCalls, order.updateTime, order.refundRefusals],
    );
  }

  async answer(db: Db, key: string): Promise<Answer | undefined> {
    const { rows } = await db.query<Answer>('SELECT status, body FROM paypal_emulator.answers WHERE key = $1', [key]);
    return rows[0];
  }

  async keepAnswer(db: Db, key: string, orderId: string, answer: Answer): Promise<void> {
    await db.query('INSERT INTO paypal_emulator.answers (key, order_id, status, body) VALUES ($1, $2, $3, $4)', [key, orderId, answer.status, json(answer.body)]);
  }

  async keepEvent(db: Db, about: EventSubject, event: WebhookEvent): Promise<void> {
    await db.query('INSERT INTO paypal_emulator.events (id, order_id, subscription_id, event) VALUES ($1, $2, $3, $4)', [
      event.id,
      about.orderId,
      about.subscriptionId,
      json(event),
    ]);
    await db.query(
      'DELETE FROM paypal_emulator.events WHERE id IN (SELECT id FROM paypal_emulator.events ORDER BY create_time DESC OFFSET $1)',
      [MAX_KEPT],
    );
  }

  async event(id: string): Promise<WebhookEvent | undefined> {
    const { rows } = await this.pool.query<{ event: WebhookEvent }>('SELECT event FROM paypal_emulator.events WHERE id = $1', [id]);
    return rows[0]?.event;
  }

  /** Keeps a refund or reversal of a capture or a sale; `requestKey` answers a repeated refund request with it. */
  async keepRefund(db: Db, refund: KeptRefund): Promise<void> {
    await db.query(
      'INSERT INTO paypal_emulator.refunds (id, capture_id, sale_id, kind, amount_minor, request_key, body) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [refund.id, refund.captureId, refund.saleId, refund.kind, refund.amountMinor, refund.requestKey, json(refund.body)],
    );
  }

  /** What the refunds and reversals of a capture or a sale have taken back so far, in minor units. */
  async refundedMinor(db: Db, of: { captureId: string } | { saleId: string }): Promise<number> {
    const [column, id] = 'captureId' in of ? ['capture_id', of.captureId] : ['sale_id', of.saleId];
    const { rows } = await db.query<{ sum: string }>(`SELECT coalesce(sum(amount_minor), 0) AS sum FROM paypal_emulator.refunds WHERE ${column} = $1`, [id]);
    return Number(rows[0].sum);
  }

  async keptRefund(db: Db, where: { id: string } | { requestKey: string }): Promise<KeptRefund | undefined> {
    const [column, value] = 'id' in where ? ['id', where.id] : ['request_key', where.requestKey];
    const { rows } = await db.query<{ id: string; capture_id: string | null; sale_id: string | null; kind: KeptRefund['kind']; amount_minor: number; request_key: string | null; body: unknown }>(
      `SELECT * FROM paypal_emulator.refunds WHERE ${column} = $1`,
      [value],
    );
    const row = rows[0];
    return row && { id: row.id, captureId: row.capture_id ?? undefined, saleId: row.sale_id ?? undefined, kind: row.kind, amountMinor: row.amount_minor, requestKey: row.request_key ?? undefined, body: row.body };
  }

  /** A subscription's payment, as its PAYMENT.SALE.COMPLETED event reported it, and the subscription it belongs to. */
  async sale(db: Db, id: string): Promise<{ sale: Sale; subscriptionId: string } | undefined> {
    const { rows } = await db.query<{ sale: Sale; subscription_id: string }>(
      `SELECT event->'resource' AS sale, subscription_id FROM paypal_emulator.events
       WHERE subscription_id IS NOT NULL AND event->>'event_type' = 'PAYMENT.SALE.COMPLETED' AND event->'resource'->>'id' = $1`,
      [id],
    );
    return rows[0] && { sale: rows[0].sale, subscriptionId: rows[0].subscription_id };
  }

  /** Counts a token issued and answers how long tokens live. */
  async tokenIssued(): Promise<number> {
    const { rows } = await this.pool.query<{ token_lifetime_seconds: number }>(
      'UPDATE paypal_emulator.settings SET token_requests = token_requests + 1 RETURNING token_lifetime_seconds',
    );
    return rows[0].token_lifetime_seconds;
  }

  async setTokenLifetime(seconds: number): Promise<void> {
    await this.pool.query('UPDATE paypal_emulator.settings SET token_lifetime_seconds = $1', [seconds]);
  }

  async stats(): Promise<{ tokenRequests: number; orders: number; captureCalls: number }> {
    const { rows } = await this.pool.query<{ token_requests: string; orders: string; capture_calls: string }>(
      `SELECT settings.token_requests, count(orders.id) AS orders, coalesce(sum(orders.capture_calls), 0) AS capture_calls
       FROM paypal_emulator.settings LEFT JOIN paypal_emulator.orders ON true GROUP BY settings.token_requests`,
    );
    return { tokenRequests: Number(rows[0].token_requests), orders: Number(rows[0].orders), captureCalls: Number(rows[0].capture_calls) };
  }

  async recentOrders(limit: number): Promise<EmulatedOrder[]> {
    const { rows } = await this.pool.query<OrderRow>('SELECT * FROM paypal_emulator.orders ORDER BY create_time DESC LIMIT $1', [limit]);
    return rows.map(toOrder);
  }
}
