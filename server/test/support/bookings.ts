import { approve, ok } from './commerce.js';
import type { TestApp } from './test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Saturday mornings from a week ahead, at 10:00 UTC. */
export const firstSaturday = () => {
  const day = new Date(Date.now() + 7 * DAY_MS);
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(10, 0, 0, 0);
  return day;
};

const CREATE_EVENT = `mutation($name: String!, $startsAt: DateTime!, $recurrence: String, $booking: BookingSettingsInput) {
  createPost(name: $name, body: "<p>Come</p>", categoryId: "1", startsAt: $startsAt, recurrence: $recurrence, location: "Main hall", booking: $booking) { id } }`;

/** A program people book (`booking`: its settings), made by `token`'s account: its id and its first start. */
export async function createEvent(t: TestApp, token: string, booking: Record<string, unknown>, options: { recurrence?: string; startsAt?: Date } = {}) {
  const startsAt = options.startsAt ?? firstSaturday();
  const name = `Course ${Math.random().toString(36).slice(2, 7)}`;
  const created = await ok(t, CREATE_EVENT, { name, startsAt, recurrence: options.recurrence ?? null, booking }, token);
  return { id: created.createPost.id as string, start: startsAt.toISOString() };
}

const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A booking operation from an address of its own (booking is limited per address), answering the whole body. */
export const sendBooking = (t: TestApp, query: string, token: string | undefined, variables: Record<string, unknown>, address = randomAddress()) =>
  t.http
    .post('/graphql')
    .set('x-forwarded-for', address)
    .set(token ? { authorization: `Bearer ${token}` } : {})
    .send({ query, variables })
    .then((response) => response.body as { data: any; errors?: any[] });

/** Pays for a held booking at the PayPal emulator and captures it as its booker: the booking's status after. */
export async function payFor(t: TestApp, held: { checkout: { orderID: string; approveUrl: string } }, token: string): Promise<string> {
  await approve(t, held.checkout.approveUrl);
  return (await ok(t, 'mutation($orderID: String!) { captureBooking(orderID: $orderID) { status } }', { orderID: held.checkout.orderID }, token)).captureBooking
    .status;
}
