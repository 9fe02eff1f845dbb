import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event booking: a program's booking settings, one row per booked occurrence (its lock serialises every change of
 * its places), the bookings, and the PayPal payments of tickets (a booking may need a second payment when an
 * expired hold is offered again). The Events team role.
 */
export class EventBooking1795900000000 implements MigrationInterface {
  name = 'EventBooking1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await q.query(
      `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam'))`,
    );
    await q.query(`ALTER TABLE posts ADD COLUMN booking jsonb`);
    await q.query(`
      CREATE TABLE booking_occurrences (
        id serial PRIMARY KEY,
        post_id integer REFERENCES posts(id) ON DELETE SET NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        post_name varchar(200) NOT NULL,
        location varchar(300),
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_booking_occurrences_post_starts" ON booking_occurrences (post_id, starts_at)`);
    await q.query(`
      CREATE TABLE bookings (
        id serial PRIMARY KEY,
        reference varchar(11) NOT NULL,
        occurrence_id integer NOT NULL REFERENCES booking_occurrences(id) ON DELETE RESTRICT,
        status varchar(10) NOT NULL,
        places integer NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        booker_name varchar(200) NOT NULL DEFAULT '',
        email varchar(254) NOT NULL DEFAULT '',
        names jsonb NOT NULL DEFAULT '[]',
        answers jsonb NOT NULL DEFAULT '[]',
        amount_minor integer NOT NULL DEFAULT 0,
        currency varchar(3) NOT NULL DEFAULT 'GBP',
        link_token_hash varchar(64),
        hold_expires_at timestamptz,
        offer_expires_at timestamptz,
        confirmed_at timestamptz,
        checked_in_at timestamptz,
        checked_in_by integer REFERENCES users(id) ON DELETE SET NULL,
        cancelled_at timestamptz,
        cancel_reason varchar(20),
        refunded_at timestamptz,
        reminded_at timestamptz,
        erased_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bookings_status_check CHECK (status IN ('Held', 'Confirmed', 'Cancelled', 'Refunded', 'Waitlisted', 'Offered', 'CheckedIn')),
        CONSTRAINT bookings_places_check CHECK (places > 0),
        CONSTRAINT bookings_amount_check CHECK (amount_minor >= 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_bookings_reference" ON bookings (reference)`);
    await q.query(`CREATE UNIQUE INDEX "IDX_bookings_link_token_hash" ON bookings (link_token_hash)`);
    await q.query(`CREATE INDEX "IDX_bookings_occurrence_status" ON bookings (occurrence_id, status)`);
    await q.query(`CREATE INDEX "IDX_bookings_user_id" ON bookings (user_id)`);
    await q.query(`
      CREATE TABLE ticket_payments (
        id serial PRIMARY KEY,
        booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE RESTRICT,
        status varchar(10) NOT NULL DEFAULT 'Created',
        currency varchar(3) NOT NULL,
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
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ticket_payments_status_check CHECK (status IN ('Created', 'Paid', 'Refunded', 'Failed')),
        CONSTRAINT ticket_payments_amount_check CHECK (amount_minor > 0)
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_ticket_payments_paypal_order_id" ON ticket_payments (paypal_order_id)`);
    await q.query(`CREATE INDEX "IDX_ticket_payments_capture_id" ON ticket_payments (capture_id)`);
    await q.query(`CREATE INDEX "IDX_ticket_payments_booking_id" ON ticket_payments (booking_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ticket_payments`);
    await q.query(`DROP TABLE bookings`);
    await q.query(`DROP TABLE booking_occurrences`);
    await q.query(`ALTER TABLE posts DROP COLUMN booking`);
    await q.query(`UPDATE users SET role = 'Member' WHERE role = 'EventsTeam'`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance'))`);
  }
}
