import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addBooks,
  approve,
  CAPTURE_BOOK_ORDER,
  CAPTURE_DONATION,
  CREATE_BOOK_ORDER,
  CREATE_DONATION,
  emulatorOrder,
  emulatorStats,
  ok,
  setScenario,
} from './support/commerce.js';
import { untilJobsSettle } from './support/eventually.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** The SMTP helper decodes quoted-printable byte by byte; the receipts are UTF-8 (£, ×). */
const utf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');

describe('paying for books and donations through the PayPal emulator', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let member: Awaited<ReturnType<TestApp['member']>>;
  let psalms: number;
  let hymns: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    member = await t.member({ firstname: 'Ruth', address: '7 Chapel Road', city: 'London', state: 'England', country: 'United Kingdom' });
    [psalms, hymns] = await addBooks(t, [
      { title: 'Daily Psalms', pricePence: 1250 },
      { title: 'Hymns of Hope', pricePence: 799 },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function checkoutBooks(token = member.token) {
    const data = await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(psalms), quantity: 2 }, { bookId: String(hymns), quantity: 1 }] }, token);
    return data.createBookOrder as { id: string; orderID: string; approveUrl: string; status: string };
  }

  it('runs a two-book cart from create to Paid: approve page, Pay, return with token, capture', async () => {
    const checkout = await checkoutBooks();
    expect(checkout).toMatchObject({ status: 'Created', orderID: expect.stringMatching(/^[A-Z0-9]{17}$/) });
    expect(checkout.approveUrl).toMatch(new RegExp(`^http://site\\.test/paypal-emulator/checkoutnow\\?token=${checkout.orderID}&key=[\\w-]+$`));

    const [stored] = await t.db.query('SELECT status, amount_minor, currency, items, delivery_address, user_id FROM book_orders WHERE id = $1', [checkout.id]);
    expect(stored).toMatchObject({ status: 'Created', amount_minor: 3299, currency: 'GBP', user_id: member.id });
    expect(stored.delivery_address).toBe('7 Chapel Road, London, England, United Kingdom');

    // PayPal was asked for exactly our amount, with our order id as custom_id.
    const atPayPal = await emulatorOrder(t, checkout.orderID);
    expect(atPayPal.order.purchase_units[0]).toMatchObject({
      custom_id: `book-order-${checkout.id}`,
      amount: { currency_code: 'GBP', value: '32.99', breakdown: { item_total: { currency_code: 'GBP', value: '32.99' } } },
      items: [
        { name: 'Daily Psalms', quantity: '2', unit_amount: { currency_code: 'GBP', value: '12.50' } },
        { name: 'Hymns of Hope', quantity: '1', unit_amount: { currency_code: 'GBP', value: '7.99' } },
      ],
    });

    const page = await t.http.get(new URL(checkout.approveUrl).pathname + new URL(checkout.approveUrl).search).expect(200);
    expect(page.text).toContain('Test payments: no money moves');
    expect(page.text).toContain('Daily Psalms');
    expect(page.text).toContain('£32.99');
    expect(page.text).toMatch(/<button type="submit" class="pay" name="action" value="pay">Pay £32.99<\/button>/);

    const back = await approve(t, checkout.approveUrl);
    expect(`${back.origin}${back.pathname}`).toBe('http://site.test/user/book-shop-paypal-payment-response');
    expect(back.searchParams.get('token')).toBe(checkout.orderID);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

    const data = await ok(t, CAPTURE_BOOK_ORDER, { orderID: back.searchParams.get('token') }, member.token);
    expect(data.captureBookOrder).toMatchObject({
      status: 'COMPLETED',
      message: expect.stringMatching(/successful/),
      bookOrder: {
        id: checkout.id,
        orderID: checkout.orderID,
        status: 'Paid',
        total: 32.99,
        currency: 'GBP',
        items: [
          { bookId: String(psalms), title: 'Daily Psalms', unitPrice: 12.5, quantity: 2, lineTotal: 25 },
          { bookId: String(hymns), title: 'Hymns of Hope', unitPrice: 7.99, quantity: 1, lineTotal: 7.99 },
        ],
        user: { id: String(member.id), firstname: 'Ruth' },
      },
    });
    const [paid] = await t.db.query('SELECT status, capture_id, capture_status, paid_at FROM book_orders WHERE id = $1', [checkout.id]);
    const capture = (await emulatorOrder(t, checkout.orderID)).order.purchase_units[0].payments.captures[0];
    expect(paid).toMatchObject({ status: 'Paid', capture_id: capture.id, capture_status: 'COMPLETED', paid_at: expect.any(Date) });
    expect(capture.amount).toEqual({ currency_code: 'GBP', value: '32.99' });

    // Capturing again answers the same result and charges nothing more.
    const again = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(again.captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { status: 'Paid' } });
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(1);

    const receipt = await smtp.waitFor((mail) => mail.to.includes(member.email) && mail.subject.includes(`book order ${checkout.id.padStart(4, '0')}`));
    const text = utf8(receipt.text);
    expect(text).toContain('2 × Daily Psalms at £12.50 = £25.00');
    expect(text).toContain('1 × Hymns of Hope at £7.99 = £7.99');
    expect(text).toContain('Total paid: £32.99');
    expect(text).toContain(`Reference: book order ${checkout.id.padStart(4, '0')}`);
    expect(text).toContain(`PayPal transaction: ${capture.id}`);
    expect(text).toContain('Delivery address: 7 Chapel Road, London, England, United Kingdom');
  });

  it('runs a USD donation from create to Paid and e-mails a receipt', async () => {
    const created = await ok(t, CREATE_DONATION, { amount: 25.5, currency: 'USD', description: 'For the building fund' }, member.token);
    const checkout = created.createDonation;
    const atPayPal = await emulatorOrder(t, checkout.orderID);
    expect(atPayPal.order.purchase_units[0]).toMatchObject({ custom_id: `donation-${checkout.id}`, amount: { currency_code: 'USD', value: '25.50' } });

    const back = await approve(t, checkout.approveUrl);
    expect(`${back.origin}${back.pathname}`).toBe('http://site.test/user/make-donations-paypal-payment-response');
    const data = await ok(t, CAPTURE_DONATION, { orderID: back.searchParams.get('token') }, member.token);
    expect(data.captureDonation).toMatchObject({
      status: 'COMPLETED',
      donation: { id: checkout.id, status: 'Paid', amount: 25.5, currency: 'USD', description: 'For the building fund' },
    });
    const [row] = await t.db.query('SELECT status, amount_minor, currency FROM donations WHERE id = $1', [checkout.id]);
    expect(row).toEqual({ status: 'Paid', amount_minor: 2550, currency: 'USD' });

    const receipt = await smtp.waitFor((mail) => mail.to.includes(member.email) && mail.subject.includes(`donation ${checkout.id.padStart(4, '0')}`));
    expect(receipt.text).toContain('Amount: US$25.50');
    expect(receipt.text).toContain('For: For the building fund');
  });

  it('sends a buyer who presses Cancel back to the cart with nothing paid', async () => {
    const checkout = await checkoutBooks();
    const back = await approve(t, checkout.approveUrl, { action: 'cancel' });
    expect(`${back.origin}${back.pathname}`).toBe('http://site.test/user/cart-page');
    expect(back.searchParams.get('token')).toBe(checkout.orderID);
    const data = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(data.captureBookOrder).toMatchObject({ status: 'DECLINED', approveUrl: checkout.approveUrl, bookOrder: { status: 'Created' } });
    expect(data.captureBookOrder.message).toMatch(/not been approved/);
  });

  it('makes one PayPal capture call and one Paid record for two concurrent captures', async () => {
    const checkout = await checkoutBooks();
    await approve(t, checkout.approveUrl);
    const [first, second] = await Promise.all([
      t.gql(CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token),
      t.gql(CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token),
    ]);
    expect(first.data.captureBookOrder.status).toBe('COMPLETED');
    expect(second.data.captureBookOrder.status).toBe('COMPLETED');
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(1);
    const rows = await t.db.query(`SELECT status FROM book_orders WHERE paypal_order_id = $1`, [checkout.orderID]);
    expect(rows).toEqual([{ status: 'Paid' }]);
    // One receipt for one payment.
    await smtp.waitFor((mail) => mail.subject.includes(`book order ${checkout.id.padStart(4, '0')}`));
    await untilJobsSettle(t.db, ['mail']);
    expect(smtp.received.filter((mail) => mail.subject.includes(`book order ${checkout.id.padStart(4, '0')}`))).toHaveLength(1);
  });

  it('leaves a declined capture unpaid with a message, and pays after approving again', async () => {
    const checkout = await checkoutBooks();
    await setScenario(t, checkout.orderID, 'DECLINED');
    await approve(t, checkout.approveUrl);
    const declined = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(declined.captureBookOrder).toMatchObject({
      status: 'DECLINED',
      message: expect.stringMatching(/declined/),
      approveUrl: checkout.approveUrl,
      bookOrder: { status: 'Created', failureMessage: expect.stringMatching(/declined/) },
    });
    const [row] = await t.db.query('SELECT status, paid_at, capture_attempt FROM book_orders WHERE id = $1', [checkout.id]);
    expect(row).toEqual({ status: 'Created', paid_at: null, capture_attempt: 2 });

    await approve(t, declined.captureBookOrder.approveUrl);
    const paid = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(paid.captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { status: 'Paid', failureMessage: null } });
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(2);
  });

  it('reconciles ORDER_ALREADY_CAPTURED by reading the order instead of failing', async () => {
    const checkout = await checkoutBooks();
    await approve(t, checkout.approveUrl, { outcome: 'ALREADY_CAPTURED' });
    const data = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(data.captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { status: 'Paid' } });
    const atPayPal = await emulatorOrder(t, checkout.orderID);
    expect(atPayPal.captureCalls).toBe(1);
    expect(atPayPal.getCalls).toBeGreaterThanOrEqual(1);
  });

  it('answers PENDING, not Paid, while PayPal holds the capture', async () => {
    const checkout = await checkoutBooks();
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    const pending = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(pending.captureBookOrder).toMatchObject({ status: 'PENDING', bookOrder: { status: 'Created' } });
    const again = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(again.captureBookOrder.status).toBe('PENDING');
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(1);
    const [row] = await t.db.query('SELECT status, capture_status FROM book_orders WHERE id = $1', [checkout.id]);
    expect(row).toEqual({ status: 'Created', capture_status: 'PENDING' });
  });

  it('does not record a capture whose amount or currency differs from the stored one', async () => {
    const checkout = await checkoutBooks();
    await approve(t, checkout.approveUrl);
    // As if PayPal had captured another sum than ours: our stored total no longer matches PayPal's.
    await t.db.query('UPDATE book_orders SET amount_minor = amount_minor + 1 WHERE id = $1', [checkout.id]);
    const data = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(data.captureBookOrder).toMatchObject({ status: 'FAILED', bookOrder: { status: 'Failed', failureMessage: expect.stringMatching(/different amount/) } });
    const [row] = await t.db.query('SELECT status, paid_at, capture_status FROM book_orders WHERE id = $1', [checkout.id]);
    expect(row).toEqual({ status: 'Failed', paid_at: null, capture_status: 'COMPLETED' });

    const donation = (await ok(t, CREATE_DONATION, { amount: 20, currency: 'GBP' }, member.token)).createDonation;
    await approve(t, donation.approveUrl);
    await t.db.query(`UPDATE donations SET currency = 'USD' WHERE id = $1`, [donation.id]);
    const captured = await ok(t, CAPTURE_DONATION, { orderID: donation.orderID }, member.token);
    expect(captured.captureDonation).toMatchObject({ status: 'FAILED', donation: { status: 'Failed' } });
  });

  it('prices the cart from the database and refuses bad carts naming the field', async () => {
    const before = await emulatorStats(t);
    const fractional = await t.gql(CREATE_BOOK_ORDER, { items: [{ bookId: String(psalms), quantity: 1.5 }] }, member.token);
    expect(fractional.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const tooMany = await t.gql(CREATE_BOOK_ORDER, { items: [{ bookId: String(psalms), quantity: 100 }] }, member.token);
    expect(tooMany.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items.0.quantity' });
    const zero = await t.gql(CREATE_BOOK_ORDER, { items: [{ bookId: String(psalms), quantity: 0 }] }, member.token);
    expect(zero.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items.0.quantity' });
    const split = await t.gql(CREATE_BOOK_ORDER, { items: [{ bookId: String(psalms), quantity: 60 }, { bookId: String(psalms), quantity: 40 }] }, member.token);
    expect(split.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items' });
    const unknown = await t.gql(CREATE_BOOK_ORDER, { items: [{ bookId: '999999', quantity: 1 }] }, member.token);
    expect(unknown.errors[0]).toMatchObject({ message: 'Book 999999 is not in the shop', extensions: { field: 'items' } });
    const empty = await t.gql(CREATE_BOOK_ORDER, { items: [] }, member.token);
    expect(empty.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'items' });
    expect((await emulatorStats(t)).orders).toBe(before.orders);
  });

  it('validates donations: positive, two decimals, at most 10000, GBP or USD, short description', async () => {
    const before = await emulatorStats(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0, currency: 'GBP' }, 'amount'],
      [{ amount: -5, currency: 'GBP' }, 'amount'],
      [{ amount: 10.123, currency: 'GBP' }, 'amount'],
      [{ amount: 10000.01, currency: 'GBP' }, 'amount'],
      [{ amount: 10, currency: 'EUR' }, 'currency'],
      [{ amount: 10, currency: 'GBP', description: 'x'.repeat(501) }, 'description'],
    ];
    for (const [variables, field] of cases) {
      const response = await t.gql(CREATE_DONATION, variables, member.token);
      expect({ variables, code: response.errors?.[0]?.extensions?.code, field: response.errors?.[0]?.extensions?.field }).toEqual({ variables, code: 'BAD_USER_INPUT', field });
    }
    const largest = await ok(t, CREATE_DONATION, { amount: 10000, currency: 'gbp' }, member.token);
    expect(largest.createDonation.status).toBe('Created');
    expect((await emulatorStats(t)).orders).toBe(before.orders + 1);
    const [row] = await t.db.query('SELECT amount_minor, currency FROM donations WHERE id = $1', [largest.createDonation.id]);
    expect(row).toEqual({ amount_minor: 1_000_000, currency: 'GBP' });
  });

  it("answers paymentSettings: test payments, with the emulator's client id and its stand-in for PayPal's JS SDK", async () => {
    const response = await t.gql('{ paymentSettings { testPayments paypalClientId paypalSdkUrl } }');
    expect(response.data.paymentSettings).toEqual({ testPayments: true, paypalClientId: 'emulator-client-id', paypalSdkUrl: '/paypal-emulator/sdk/js' });
  });

  it('caches the PayPal access token across calls', async () => {
    const stats = await emulatorStats(t);
    expect(stats.orders).toBeGreaterThan(5);
    expect(stats.tokenRequests).toBe(1);
  });
});
