// A rush on one event: many people booking the same occurrence at once. Every booking takes the occurrence's row
// lock, so this measures how fast places are given out one at a time, and checks none is given twice.
import autocannon from 'autocannon';
import type pg from 'pg';
import { ADMIN } from '../e2e/support/harness.ts';
import { createMember, graphql, logIn } from '../e2e/web-helpers.ts';

const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!) { createBooking(postId: $postId, occurrenceStart: $start, places: 1) { id status } }`;

export interface BookingRush {
  target: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than a booking or "full" (a 503, a 429, a failure). */
  errors: number;
  capacity: number;
  booked: number;
  overbooked: number;
}

/**
 * `createBooking` of one place each at `connections` connections against one occurrence of a free event with
 * `capacity` places, from a different address each (as many people would be; the site trusts one proxy hop), then
 * the places stored, which must never pass the capacity.
 */
export async function measureBookingRush(baseUrl: string, db: pg.Client, options: { connections: number; capacity: number; amount: number }): Promise<BookingRush> {
  const admin = await logIn(baseUrl, ADMIN.email, ADMIN.password);
  const start = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  start.setUTCHours(10, 0, 0, 0);
  const { createPost } = await graphql<{ createPost: { id: string } }>(
    baseUrl,
    `mutation($startsAt: DateTime!, $capacity: Int!) { createPost(name: "Bench rush", body: "<p>Rush</p>", categoryId: "1", startsAt: $startsAt, booking: { capacity: $capacity, perBookingLimit: 1 }) { id } }`,
    { startsAt: start.toISOString(), capacity: options.capacity },
    admin.token,
  );
  const member = await createMember(baseUrl, 'Rush');
  const body = JSON.stringify({ query: CREATE_BOOKING, variables: { postId: createPost.id, start: start.toISOString() } });
  let sent = 0;
  let failed = 0;
  const result = await autocannon({
    url: `${baseUrl}/graphql`,
    connections: options.connections,
    amount: options.amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          sent += 1;
          const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
          return { ...request, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'x-forwarded-for': address } };
        },
        onResponse: (status, responseBody) => {
          if (status !== 200 || !/"status":"Confirmed"|This event is full/.test(responseBody)) failed += 1;
        },
      },
    ],
  });
  const { rows } = await db.query<{ booked: number }>(
    `SELECT coalesce(sum(b.places), 0)::int AS booked FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id WHERE o.post_id = $1 AND b.status = 'Confirmed'`,
    [createPost.id],
  );
  const booked = rows[0].booked;
  return {
    target: 'createBooking, one occurrence',
    connections: options.connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed + result.errors,
    capacity: options.capacity,
    booked,
    overbooked: Math.max(0, booked - options.capacity),
  };
}
