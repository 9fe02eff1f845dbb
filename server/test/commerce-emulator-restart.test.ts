import { afterEach, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { addBooks, approve, CAPTURE_BOOK_ORDER, CREATE_BOOK_ORDER, emulatorOrder, emulatorStats, ok } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

/**
 * The PayPal emulator keeps its orders in PostgreSQL, beside the shop's: a buyer who is at the approval page
 * while the site restarts, or whose requests land on another instance, still pays.
 */
describe('the PayPal emulator across restarts and instances', () => {
  // Instances of one site share the database, the JWT secret and the emulator's secret.
  const shared = { JWT_SECRET: randomBytes(32).toString('base64'), PAYPAL_EMULATOR_SECRET: randomBytes(32).toString('base64') };
  const running: TestApp[] = [];
  const start = async (database?: string) => {
    const app = await startTestApp(shared, { database });
    running.push(app);
    return app;
  };
  const stop = async (app: TestApp) => {
    running.splice(running.indexOf(app), 1);
    await app.close();
  };
  afterEach(async () => {
    for (const app of [...running]) await stop(app);
  });

  async function checkoutPsalms(t: TestApp, token: string) {
    const [bookId] = await addBooks(t, [{ title: 'Psalms for every day', pricePence: 1200 }]);
    return (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, token)).createBookOrder as { id: string; orderID: string; approveUrl: string };
  }

  it('approves and captures, after a restart, an order created before it', async () => {
    const before = await start();
    const member = await before.member();
    const checkout = await checkoutPsalms(before, member.token);
    await stop(before);

    const after = await start(before.databaseName);
    const back = await approve(after, checkout.approveUrl);
    expect(back.searchParams.get('token')).toBe(checkout.orderID);
    const { captureBookOrder } = await ok(after, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { id: checkout.id, status: 'Paid', total: 12 } });
    const atPayPal = await emulatorOrder(after, checkout.orderID);
    expect(atPayPal).toMatchObject({ captureCalls: 1, order: { status: 'COMPLETED', purchase_units: [{ custom_id: `book-order-${checkout.id}` }] } });
  });

  it('lets instances on one database share orders: created on one, approved and captured on the other', async () => {
    const one = await start();
    const other = await start(one.databaseName);
    const member = await one.member();
    const checkout = await checkoutPsalms(one, member.token);

    await approve(other, checkout.approveUrl);
    const { captureBookOrder } = await ok(other, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { status: 'Paid' } });
    // Capturing again on the first instance charges nothing more: both see the one order, already captured.
    const again = await ok(one, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(again.captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { status: 'Paid' } });
    expect(await emulatorStats(one)).toEqual(await emulatorStats(other));
    expect((await emulatorOrder(other, checkout.orderID)).order.purchase_units[0].payments.captures).toHaveLength(1);
  });
});
