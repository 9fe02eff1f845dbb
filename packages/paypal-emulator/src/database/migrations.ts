import type pg from 'pg';

/**
 * The emulator's tables, in a schema of its own so they never meet the shop's. Each migration runs once, in
 * order; the names are kept in `paypal_emulator.migrations`. Add new ones at the end, never edit a shipped one.
 */
const MIGRATIONS: { name: string; sql: string }[] = [
  {
    name: '001-orders-answers-events-settings',
    sql: `
      CREATE TABLE paypal_emulator.orders (
        id text PRIMARY KEY,
        status text NOT NULL,
        request jsonb NOT NULL,
        return_url text,
        cancel_url text,
        experience_context boolean NOT NULL,
        payer_id text,
        scenario text NOT NULL,
        capture jsonb,
        capture_id text UNIQUE,
        refund jsonb,
        capture_calls integer NOT NULL DEFAULT 0,
        get_calls integer NOT NULL DEFAULT 0,
        create_time timestamptz NOT NULL,
        update_time timestamptz NOT NULL
      );
      CREATE INDEX orders_create_time ON paypal_emulator.orders (create_time);

      -- Answers already given, by PayPal-Request-Id, replayed for a repeated request as PayPal does.
      CREATE TABLE paypal_emulator.answers (
        key text PRIMARY KEY,
        order_id text NOT NULL REFERENCES paypal_emulator.orders (id) ON DELETE CASCADE,
        status integer NOT NULL,
        body jsonb NOT NULL
      );
      CREATE INDEX answers_order_id ON paypal_emulator.answers (order_id);

      -- json, not jsonb: an event sent again keeps its fields in the order they were first sent.
      CREATE TABLE paypal_emulator.events (
        id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES paypal_emulator.orders (id) ON DELETE CASCADE,
        event json NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX events_order_id ON paypal_emulator.events (order_id);
      CREATE INDEX events_create_time ON paypal_emulator.events (create_time);

      CREATE TABLE paypal_emulator.settings (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        token_lifetime_seconds integer NOT NULL,
        token_requests bigint NOT NULL DEFAULT 0
      );
      INSERT INTO paypal_emulator.settings (token_lifetime_seconds) VALUES (32400);
    `,
  },
  {
    name: '002-products-plans-subscriptions',
    sql: `
      CREATE TABLE paypal_emulator.products (
        id text PRIMARY KEY,
        body jsonb NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE paypal_emulator.plans (
        id text PRIMARY KEY,
        product_id text NOT NULL REFERENCES paypal_emulator.products (id),
        body jsonb NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now()
      );

      -- Each subscription keeps its own price: the plan's, or the one its create request overrode it with.
      CREATE TABLE paypal_emulator.subscriptions (
        id text PRIMARY KEY,
        plan_id text NOT NULL REFERENCES paypal_emulator.plans (id),
        status text NOT NULL,
        custom_id text,
        currency_code text NOT NULL,
        value text NOT NULL,
        plan_overridden boolean NOT NULL,
        return_url text,
        cancel_url text,
        payer_id text,
        start_time timestamptz,
        next_billing_time timestamptz,
        cycles_completed integer NOT NULL DEFAULT 0,
        failed_payments_count integer NOT NULL DEFAULT 0,
        next_payment_fails boolean NOT NULL DEFAULT false,
        last_payment jsonb,
        status_update_time timestamptz NOT NULL,
        create_time timestamptz NOT NULL,
        update_time timestamptz NOT NULL
      );
      CREATE INDEX subscriptions_create_time ON paypal_emulator.subscriptions (create_time);

      -- An event is about an order or a subscription.
      ALTER TABLE paypal_emulator.events
        ALTER COLUMN order_id DROP NOT NULL,
        ADD COLUMN subscription_id text REFERENCES paypal_emulator.subscriptions (id) ON DELETE CASCADE,
        ADD CONSTRAINT events_about_one CHECK ((order_id IS NULL) <> (subscription_id IS NULL));
    `,
  },
  {
    name: '003-refunds-and-reversals',
    sql: `
      -- Refunds and reversals (chargebacks) of a capture or of a subscription's payment (a sale), as PayPal answers them.
      CREATE TABLE paypal_emulator.refunds (
        id text PRIMARY KEY,
        capture_id text,
        sale_id text,
        kind text NOT NULL CHECK (kind IN ('REFUND', 'REVERSAL')),
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        request_key text UNIQUE,
        body jsonb NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        CHECK ((capture_id IS NULL) <> (sale_id IS NULL))
      );
      CREATE INDEX refunds_capture_id ON paypal_emulator.refunds (capture_id);
      CREATE INDEX refunds_sale_id ON paypal_emulator.refunds (sale_id);
    `,
  },
  {
    name: '004-refund-refusals',
    sql: `
      -- How many of an order's next refund calls PayPal refuses (a control, for reaching the shop's refusal path).
      ALTER TABLE paypal_emulator.orders ADD COLUMN refund_refusals integer NOT NULL DEFAULT 0;
    `,
  },
];

/** Brings the emulator's schema up to date. Instances starting together take turns on an advisory lock. */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('paypal_emulator.migrations'))");
    await client.query('CREATE SCHEMA IF NOT EXISTS paypal_emulator');
    await client.query('CREATE TABLE IF NOT EXISTS paypal_emulator.migrations (name text PRIMARY KEY, run_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ name: string }>('SELECT name FROM paypal_emulator.migrations');
    const done = new Set(rows.map((row) => row.name));
    for (const migration of MIGRATIONS.filter((candidate) => !done.has(candidate.name))) {
      await client.query(migration.sql);
      await client.query('INSERT INTO paypal_emulator.migrations (name) VALUES ($1)', [migration.name]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
