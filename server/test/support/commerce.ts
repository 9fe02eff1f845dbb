import { expect } from '@jest/globals';
import type { TestApp } from './test-app.js';

export const CREATE_BOOK_ORDER = `mutation($items: [BookOrderItemInput!]!, $deliveryAddress: String) {
  createBookOrder(items: $items, deliveryAddress: $deliveryAddress) { id orderID approveUrl status } }`;

const BOOK_ORDER_FIELDS = 'id orderID createdAt status total currency deliveryAddress failureMessage items { bookId title unitPrice quantity lineTotal } user { id email firstname }';
const DONATION_FIELDS = 'id orderID createdAt status amount currency description failureMessage user { id email firstname }';

export const CAPTURE_BOOK_ORDER = `mutation($orderID: String!) { captureBookOrder(orderID: $orderID) {
  status message approveUrl bookOrder { ${BOOK_ORDER_FIELDS} } } }`;

export const CREATE_DONATION = `mutation($amount: Float!, $currency: String!, $description: String) {
  createDonation(amount: $amount, currency: $currency, description: $description) { id orderID approveUrl status } }`;

export const CAPTURE_DONATION = `mutation($orderID: String!) { captureDonation(orderID: $orderID) {
  status message approveUrl donation { ${DONATION_FIELDS} } } }`;

export const BOOK_ORDER = `query($id: ID!) { BookOrder(id: $id) { ${BOOK_ORDER_FIELDS} } }`;
export const ALL_BOOK_ORDERS = `query($filter: BookOrderFilter) { allBookOrders(filter: $filter) { ${BOOK_ORDER_FIELDS} } _allBookOrdersMeta(filter: $filter) { count } }`;
export const DONATION = `query($id: ID!) { Donation(id: $id) { ${DONATION_FIELDS} } }`;
export const ALL_DONATIONS = `query($filter: DonationFilter) { allDonations(filter: $filter) { ${DONATION_FIELDS} } _allDonationsMeta(filter: $filter) { count } }`;

export interface Checkout {
  id: string;
  orderID: string;
  approveUrl: string;
  status: string;
}

/** Adds books straight to the shop's table; answers their ids in order. */
export async function addBooks(t: TestApp, books: { title: string; pricePence: number }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const book of books) {
    const [row] = await t.db.query('INSERT INTO books (title, price_pence) VALUES ($1, $2) RETURNING id', [book.title, book.pricePence]);
    ids.push(row.id);
  }
  return ids;
}

/** Runs a GraphQL operation that must succeed and answers its data. */
export async function ok<T = any>(t: TestApp, query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const response = await t.gql<T>(query, variables, token);
  expect(response.errors).toBeUndefined();
  return response.data;
}

/**
 * Plays the buyer on the emulator's approval page, over HTTP: opens the approve link, submits its form with
 * Pay (or Cancel) and answers where the emulator sent the browser.
 */
export async function approve(t: TestApp, approveUrl: string, choice: { action?: 'pay' | 'cancel'; outcome?: string } = {}): Promise<URL> {
  const link = new URL(approveUrl);
  expect(link.pathname).toBe('/paypal-emulator/checkoutnow');
  const page = await t.http.get(`${link.pathname}${link.search}`).expect(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
  const key = /name="key" value="([^"]+)"/.exec(page.text)?.[1];
  expect(action).toBeDefined();
  const form: Record<string, string> = { token: token!, key: key!, action: choice.action ?? 'pay' };
  if (choice.outcome) form.outcome = choice.outcome;
  const response = await t.http.post(action!).type('form').send(form).expect(303);
  return new URL(response.headers.location);
}

/** What the emulator holds for a PayPal order: its representation, scenario and the calls it received. */
export async function emulatorOrder(t: TestApp, orderID: string) {
  const response = await t.http.get(`/paypal-emulator/control/orders/${orderID}`).expect(200);
  return response.body as { order: any; scenario: string; captureCalls: number; getCalls: number };
}

export async function emulatorStats(t: TestApp) {
  return (await t.http.get('/paypal-emulator/control/stats').expect(200)).body as { tokenRequests: number; orders: number; captureCalls: number };
}

export async function setScenario(t: TestApp, orderID: string, capture: string) {
  await t.http.post(`/paypal-emulator/control/orders/${orderID}/scenario`).send({ capture }).expect(200);
}

/** Asks the emulator to apply and send a signed webhook event (or only sign it, with `deliver: false`). */
export async function sendEvent(t: TestApp, orderID: string, eventType: string, deliver = true) {
  const response = await t.http.post(`/paypal-emulator/control/orders/${orderID}/events`).send({ event_type: eventType, deliver }).expect(201);
  return response.body as { event: any; body: string; headers: Record<string, string>; delivery?: { status: number; body: string } };
}

/** Polls until `check` answers a truthy value (webhooks settle in a background job). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Plays the member on the emulator's subscription approval page: agrees (or cancels) and answers where it sent them. */
export async function agree(t: TestApp, approveUrl: string, action: 'approve' | 'cancel' = 'approve'): Promise<URL> {
  const link = new URL(approveUrl);
  expect(link.pathname).toBe('/paypal-emulator/subscribe');
  const page = await t.http.get(`${link.pathname}${link.search}`).expect(200);
  const form = { token: /name="token" value="([^"]+)"/.exec(page.text)![1], key: /name="key" value="([^"]+)"/.exec(page.text)![1], action };
  const response = await t.http.post('/paypal-emulator/subscribe').type('form').send(form).expect(303);
  return new URL(response.headers.location);
}

/** Has the emulator take the payment due (or, with `amount`, report one of another amount); answers the sent event. */
export async function runCycle(t: TestApp, subscriptionID: string, amount?: string) {
  const response = await t.http.post(`/paypal-emulator/control/subscriptions/${subscriptionID}/cycle`).send(amount ? { amount } : {}).expect(201);
  expect(response.body.delivery.status).toBe(200);
  return response.body.event as { id: string; event_type: string; resource: any };
}

/** A Gift Aid claim's schedule file (`csv` or `ods`) as Finance downloads it, its body the bytes sent. */
export function downloadSchedule(t: TestApp, claimId: string, format: string, token: string) {
  return t.http
    .get(`/api/gift-aid/claims/${claimId}/schedule.${format}`)
    .set('authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
}
