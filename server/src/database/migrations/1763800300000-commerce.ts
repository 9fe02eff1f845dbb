import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Book orders and donations paid through PayPal, and the PayPal webhook events already received (so a replay
 * is ignored). Money is in whole minor units; an order's lines are a snapshot of titles and prices at the time.
 */
export class Commerce1763800300000 implements MigrationInterface {
  name = 'Commerce1763800300000';

  async up(q: QueryRunner): Promise<void> {
    const paymentColumns = `
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        paypal_order_id varchar(36),
        approve_url varchar(500),
        amount_minor integer NOT NULL,
        capture_id varchar(36),
        capture_status varchar(20),
        capture_attempt integer NOT NULL DEFAULT 1,
        failure_message varchar(300),
        paid_at timestamptz,
        refunded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()`;
    await q.query(`
      CREATE TABLE book_orders (
        id serial PRIMARY KEY,
        status varchar(10) NOT NULL DEFAULT 'Created',
        currency varchar(3) NOT NULL DEFAULT 'GBP',
        items jsonb NOT NULL,
        delivery_address varchar(500) NOT NULL DEFAULT '',
        shipped_at timestamptz,
        ${paymentColumns},
        CONSTRAINT book_orders_status_check CHECK (status IN ('Created', 'Paid', 'Shipped', 'Refunded', 'Failed')),
        CONSTRAINT book_orders_amount_check CHECK (amount_minor > 0),
        CONSTRAINT book_orders_items_check CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_book_orders_paypal_order_id" ON book_orders (paypal_order_id)`);
    await q.query(`CREATE INDEX "IDX_book_orders_capture_id" ON book_orders (capture_id)`);
    await q.query(`CREATE INDEX "IDX_book_orders_user_id" ON book_orders (user_id)`);
    await q.query(`CREATE INDEX "IDX_book_orders_status" ON book_orders (status)`);
    await q.query(`CREATE INDEX "IDX_book_orders_created_at" ON book_orders (created_at)`);

    await q.query(`
      CREATE TABLE donations (
        id serial PRIMARY KEY,
        status varchar(10) NOT NULL DEFAULT 'Created',
        currency varchar(3) NOT NULL,
        description varchar(500) NOT NULL DEFAULT '',
        ${paymentColumns},
        CONSTRAINT donations_status_check CHECK (status IN ('Created', 'Paid', 'Refunded', 'Failed')),
        CONSTRAINT donations_currency_check CHECK (currency IN ('GBP', 'USD')),
        CONSTRAINT donations_amount_check CHECK (amount_minor > 0 AND amount_minor <= 1000000)
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_donations_paypal_order_id" ON donations (paypal_order_id)`);
    await q.query(`CREATE INDEX "IDX_donations_capture_id" ON donations (capture_id)`);
    await q.query(`CREATE INDEX "IDX_donations_user_id" ON donations (user_id)`);
    await q.query(`CREATE INDEX "IDX_donations_status" ON donations (status)`);
    await q.query(`CREATE INDEX "IDX_donations_created_at" ON donations (created_at)`);

    await q.query(`
      CREATE TABLE paypal_webhook_events (
        id varchar(64) PRIMARY KEY,
        event_type varchar(64) NOT NULL,
        body jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE paypal_webhook_events');
    await q.query('DROP TABLE donations');
    await q.query('DROP TABLE book_orders');
  }
}
