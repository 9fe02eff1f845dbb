import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addBooks,
  ALL_BOOK_ORDERS,
  ALL_DONATIONS,
  approve,
  BOOK_ORDER,
  CAPTURE_BOOK_ORDER,
  CAPTURE_DONATION,
  CREATE_BOOK_ORDER,
  CREATE_DONATION,
  DONATION,
  emulatorOrder,
  emulatorStats,
  ok,
  setScenario,
} from './support/commerce.js';
import { requestsOwnSql, startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

describe('who may see and change orders and donations, and the legacy payment paths', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let admin: string;
  let bibleId: number;
  let aliceOrder: { id: string; orderID: string; approveUrl: string };
  let aliceDonation: { id: string; orderID: string; approveUrl: string };

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.member({ firstname: 'Alice', lastname: 'Adeyemi', country: 'Nigeria', state: 'Lagos' });
    bob = await t.member({ firstname: 'Bob' });
    admin = await t.adminToken();
    [bibleId] = await addBooks(t, [{ title: 'Study Bible', pricePence: 2000 }]);

    aliceOrder = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bibleId), quantity: 1 }] }, alice.token)).createBookOrder;
    await approve(t, aliceOrder.approveUrl);
    aliceDonation = (await ok(t, CREATE_DONATION, { amount: 15, currency: 'GBP', description: 'Tithe' }, alice.token)).createDonation;
    await approve(t, aliceDonation.approveUrl);
  });
  afterAll(() => t.close());

  describe('member A and member B', () => {
    it("does not let B capture A's order or donation (not found, as if it did not exist), and nothing is charged", async () => {
      const order = await t.gql(CAPTURE_BOOK_ORDER, { orderID: aliceOrder.orderID }, bob.token);
      expect(order.errors[0].extensions.code).toBe('NOT_FOUND');
      const donation = await t.gql(CAPTURE_DONATION, { orderID: aliceDonation.orderID }, bob.token);
      expect(donation.errors[0].extensions.code).toBe('NOT_FOUND');
      const legacy = await t.http.post('/api/captureOrder').set('authorization', `Bearer ${bob.token}`).send({ orderID: aliceOrder.orderID, usersId: bob.id });
      expect(legacy.status).toBe(404);
      const missing = await t.http.post('/api/captureOrder').set('authorization', `Bearer ${bob.token}`).send({ orderID: '0NOSUCHORDER0000X', usersId: bob.id });
      expect(missing.body).toEqual(legacy.body);
      const impersonated = await t.http
        .post('/api/donation-capture-order')
        .set('authorization', `Bearer ${bob.token}`)
        .send({ orderID: aliceDonation.orderID, usersId: alice.id, amount: 15 });
      expect(impersonated.status).toBe(403);
      expect(impersonated.body.errors[0].msg).toMatch(/usersId/);
      expect((await emulatorOrder(t, aliceOrder.orderID)).captureCalls).toBe(0);
      expect((await emulatorOrder(t, aliceDonation.orderID)).captureCalls).toBe(0);
    });

    it("does not let B read A's order or donation (the same NOT_FOUND as a missing id) and lists only B's own", async () => {
      const hidden = await t.gql(BOOK_ORDER, { id: aliceOrder.id }, bob.token);
      expect(hidden.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(hidden.errors[0].message).toBe((await t.gql(BOOK_ORDER, { id: '999999' }, bob.token)).errors[0].message);
      expect((await t.gql(DONATION, { id: aliceDonation.id }, bob.token)).errors[0].extensions.code).toBe('NOT_FOUND');

      const bobsOwn = (await ok(t, CREATE_DONATION, { amount: 5, currency: 'USD' }, bob.token)).createDonation;
      const orders = await ok(t, ALL_BOOK_ORDERS, { filter: { userId: String(alice.id) } }, bob.token);
      expect(orders.allBookOrders).toEqual([]);
      expect(orders._allBookOrdersMeta.count).toBe(0);
      const donations = await ok(t, ALL_DONATIONS, {}, bob.token);
      expect(donations.allDonations.map((d: { id: string }) => d.id)).toEqual([bobsOwn.id]);
      expect(donations._allDonationsMeta.count).toBe(1);

      const own = await ok(t, ALL_DONATIONS, {}, alice.token);
      expect(own.allDonations.map((d: { id: string }) => d.id)).toEqual([aliceDonation.id]);
      expect((await ok(t, BOOK_ORDER, { id: aliceOrder.id }, alice.token)).BookOrder.status).toBe('Created');
    });

    it('refuses a visitor', async () => {
      expect((await t.gql(CAPTURE_BOOK_ORDER, { orderID: aliceOrder.orderID })).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect((await t.http.post('/api/createOrder').send({ amount: 20, title: 'Study Bible', currency: 'GBP' })).status).toBe(401);
    });

    it("lets A capture A's own order", async () => {
      const data = await ok(t, CAPTURE_BOOK_ORDER, { orderID: aliceOrder.orderID }, alice.token);
      expect(data.captureBookOrder.status).toBe('COMPLETED');
      const donation = await ok(t, CAPTURE_DONATION, { orderID: aliceDonation.orderID }, alice.token);
      expect(donation.captureDonation.status).toBe('COMPLETED');
    });
  });

  describe('admin review', () => {
    it('lists every order and donation with the buyer, filters and searches', async () => {
      const orders = await ok(t, ALL_BOOK_ORDERS, { filter: { status: 'Paid' } }, admin);
      expect(orders.allBookOrders).toHaveLength(1);
      expect(orders.allBookOrders[0]).toMatchObject({
        id: aliceOrder.id,
        orderID: aliceOrder.orderID,
        total: 20,
        items: [{ title: 'Study Bible', quantity: 1, unitPrice: 20 }],
        user: { id: String(alice.id), email: alice.email, firstname: 'Alice' },
      });
      const all = await ok(t, ALL_DONATIONS, {}, admin);
      expect(all._allDonationsMeta.count).toBe(2);
      const search = await ok(t, ALL_DONATIONS, { filter: { q: alice.email } }, admin);
      expect(search.allDonations.map((d: { id: string }) => d.id)).toEqual([aliceDonation.id]);
      const usd = await ok(t, ALL_DONATIONS, { filter: { currency: 'USD' } }, admin);
      expect(usd.allDonations).toHaveLength(1);
      expect((await ok(t, BOOK_ORDER, { id: aliceOrder.id }, admin)).BookOrder.user.email).toBe(alice.email);
      const byTitle = await ok(t, ALL_BOOK_ORDERS, { filter: { q: 'study bib' } }, admin);
      expect(byTitle.allBookOrders.map((o: { id: string }) => o.id)).toEqual([aliceOrder.id]);
    });

    it('lists a page of orders with their buyers in the same number of SQL statements whatever its length', async () => {
      for (let i = 0; i < 4; i += 1) {
        const buyer = await t.member();
        await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bibleId), quantity: 1 }] }, buyer.token);
      }
      const statements = async (perPage: number) => {
        const response = await t.http
          .post('/graphql')
          .set({ 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-sql-count': '1' })
          .send({ query: `{ allBookOrders(perPage: ${perPage}) { id items { title } user { email } } }` })
          .expect(200);
        expect(response.body.data.allBookOrders).toHaveLength(perPage);
        return requestsOwnSql(response);
      };
      const one = await statements(1);
      expect(one).toBeGreaterThan(0);
      expect(await statements(5)).toBe(one);
    });

    it("reads the console's page of donations and its count in one statement each, the count never inside the page's", async () => {
      const read = async (query: string) => {
        const response = await t.http
          .post('/graphql')
          .set({ 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-sql-count': '1' })
          .send({ query })
          .expect(200);
        expect(response.body.errors).toBeUndefined();
        return { data: response.body.data, statements: requestsOwnSql(response) };
      };
      const page = await read('{ allDonations(perPage: 1) { id } }');
      const withCount = await read('{ allDonations(perPage: 1) { id } _allDonationsMeta(perPage: 1) { count } }');
      const fuller = await read('{ allDonations(perPage: 5) { id } _allDonationsMeta(perPage: 5) { count } }');
      expect(withCount.statements).toBe(page.statements + 1);
      expect(fuller.statements).toBe(withCount.statements);
      const total = Number((await t.db.query('SELECT count(*) FROM donations'))[0].count);
      expect(total).toBeGreaterThan(1);
      expect(withCount.data._allDonationsMeta.count).toBe(total);
      // A page past the end is empty; the count is still that of them all.
      const pastTheEnd = await read(`{ allDonations(page: ${total}, perPage: 1) { id } _allDonationsMeta(page: ${total}, perPage: 1) { count } }`);
      expect(pastTheEnd.data).toEqual({ allDonations: [], _allDonationsMeta: { count: total } });
    });

    it('marks a paid order shipped, refuses an unpaid one, and refuses members', async () => {
      const ship = 'mutation($id: ID!) { markBookOrderShipped(id: $id) { id status } }';
      expect((await t.gql(ship, { id: aliceOrder.id }, alice.token)).errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await ok(t, ship, { id: aliceOrder.id }, admin)).markBookOrderShipped).toEqual({ id: aliceOrder.id, status: 'Shipped' });
      const unpaid = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bibleId), quantity: 3 }] }, bob.token)).createBookOrder;
      expect((await t.gql(ship, { id: unpaid.id }, admin)).errors[0].extensions.code).toBe('CONFLICT');
    });

    it('refunds an order and a donation in full through PayPal, once', async () => {
      const refundOrder = 'mutation($id: ID!) { refundBookOrder(id: $id) { id status } }';
      const refundDonation = 'mutation($id: ID!) { refundDonation(id: $id) { id status amount } }';
      expect((await t.gql(refundOrder, { id: aliceOrder.id }, alice.token)).errors[0].extensions.code).toBe('FORBIDDEN');

      expect((await ok(t, refundOrder, { id: aliceOrder.id }, admin)).refundBookOrder).toEqual({ id: aliceOrder.id, status: 'Refunded' });
      const atPayPal = await emulatorOrder(t, aliceOrder.orderID);
      expect(atPayPal.order.purchase_units[0].payments.captures[0].status).toBe('REFUNDED');
      expect(atPayPal.order.purchase_units[0].payments.refunds[0].amount).toEqual({ currency_code: 'GBP', value: '20.00' });
      expect((await ok(t, refundOrder, { id: aliceOrder.id }, admin)).refundBookOrder.status).toBe('Refunded');

      expect((await ok(t, refundDonation, { id: aliceDonation.id }, admin)).refundDonation).toEqual({ id: aliceDonation.id, status: 'Refunded', amount: 15 });
      const unpaid = (await ok(t, CREATE_DONATION, { amount: 3, currency: 'GBP' }, bob.token)).createDonation;
      expect((await t.gql(refundDonation, { id: unpaid.id }, admin)).errors[0].extensions.code).toBe('CONFLICT');
    });

    it('answers the legacy admin lists with the spec field names, to admins only', async () => {
      const donations = await t.http.get('/api/all-donations').set('authorization', `Bearer ${admin}`).expect(200);
      const tithe = donations.body.find((d: { id: number }) => d.id === Number(aliceDonation.id));
      expect(tithe).toMatchObject({
        orderID: aliceDonation.orderID,
        created_at: expect.any(String),
        amount: 15,
        currency: 'GBP',
        description: 'Tithe',
        user: { firstname: 'Alice', lastname: 'Adeyemi', email: alice.email, phone: expect.any(String), country: 'Nigeria' },
      });
      const orders = await t.http.get('/api/all-bookshop-orders').set('authorization', `Bearer ${admin}`).expect(200);
      const bible = orders.body.find((o: { id: number }) => o.id === Number(aliceOrder.id));
      expect(bible).toMatchObject({
        orderID: aliceOrder.orderID,
        created_at: expect.any(String),
        price: 20,
        amount: 20,
        title: 'Study Bible',
        user: { firstname: 'Alice', lastname: 'Adeyemi', email: alice.email, country: 'Nigeria', state: 'Lagos' },
      });
      expect((await t.http.get('/api/all-donations').set('authorization', `Bearer ${alice.token}`)).status).toBe(403);
      expect((await t.http.get('/api/all-bookshop-orders').set('authorization', `Bearer ${alice.token}`)).status).toBe(403);
    });
  });

  describe('legacy REST payment paths', () => {
    const as = (member: Member) => ({ authorization: `Bearer ${member.token}` });

    it('refuses a createOrder whose amount is not the database price × quantity, creating nothing at PayPal', async () => {
      const before = await emulatorStats(t);
      const [{ count: rowsBefore }] = await t.db.query('SELECT count(*)::int AS count FROM book_orders');
      const wrong = await t.http.post('/api/createOrder').set(as(bob)).send({ amount: 1, title: 'Study Bible', currency: 'GBP' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toEqual({ msg: expect.stringMatching(/does not match the price of "Study Bible" \(£20\.00 a copy.*Nothing was charged/), path: 'amount' });
      const partial = await t.http.post('/api/createOrder').set(as(bob)).send({ amount: 30, title: 'Study Bible', currency: 'GBP' });
      expect(partial.status).toBe(400);
      const unknown = await t.http.post('/api/createOrder').set(as(bob)).send({ amount: 20, title: 'No Such Book', currency: 'GBP' });
      expect(unknown.body.errors[0].path).toBe('title');
      const dollars = await t.http.post('/api/createOrder').set(as(bob)).send({ amount: 20, title: 'Study Bible', currency: 'USD' });
      expect(dollars.body.errors[0].path).toBe('currency');
      const missing = await t.http.post('/api/createOrder').set(as(bob)).send({ title: 'Study Bible' });
      expect(missing.body.errors[0]).toEqual({ msg: 'amount is required', path: 'amount' });
      expect((await emulatorStats(t)).orders).toBe(before.orders);
      const [{ count: rowsAfter }] = await t.db.query('SELECT count(*)::int AS count FROM book_orders');
      expect(rowsAfter).toBe(rowsBefore);
    });

    it('creates and captures a legacy book order priced from the database', async () => {
      const created = await t.http.post('/api/createOrder').set(as(bob)).send({ amount: '40.00', title: 'study bible', currency: 'GBP' }).expect(200);
      expect(created.body).toMatchObject({ id: expect.stringMatching(/^[A-Z0-9]+$/), links: [{ rel: 'approve', href: expect.stringContaining('/paypal-emulator/checkoutnow') }] });
      const [row] = await t.db.query('SELECT amount_minor, items FROM book_orders WHERE paypal_order_id = $1', [created.body.id]);
      expect(row.amount_minor).toBe(4000);
      expect(row.items).toEqual([{ bookId: bibleId, title: 'Study Bible', unitPricePence: 2000, quantity: 2 }]);

      await approve(t, created.body.links[0].href);
      const wrongPrice = await t.http.post('/api/captureOrder').set(as(bob)).send({ price: 20, title: 'Study Bible', orderID: created.body.id, usersId: bob.id });
      expect(wrongPrice.status).toBe(400);
      expect(wrongPrice.body.errors[0].path).toBe('price');
      const wrongTitle = await t.http.post('/api/captureOrder').set(as(bob)).send({ price: 40, title: 'Other', orderID: created.body.id, usersId: bob.id });
      expect(wrongTitle.body.errors[0].path).toBe('title');
      expect((await emulatorOrder(t, created.body.id)).captureCalls).toBe(0);

      const captured = await t.http.post('/api/captureOrder').set(as(bob)).send({ price: 40, title: 'Study Bible', orderID: created.body.id, usersId: bob.id }).expect(200);
      expect(captured.body).toMatchObject({ status: 'COMPLETED', order: { orderID: created.body.id, status: 'Paid', price: 40 } });
    });

    it('answers a declined legacy capture with 402 and the message in errors[0].msg', async () => {
      const created = await t.http.post('/api/createOrder').set(as(bob)).send({ amount: 20, title: 'Study Bible', currency: 'GBP' }).expect(200);
      await setScenario(t, created.body.id, 'DECLINED');
      await approve(t, created.body.approveUrl);
      const declined = await t.http.post('/api/captureOrder').set(as(bob)).send({ orderID: created.body.id, usersId: bob.id });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({ status: 'DECLINED', approveUrl: created.body.approveUrl, errors: [{ msg: expect.stringMatching(/declined/) }] });
    });

    it('creates and captures a legacy donation; a different amount at capture is refused', async () => {
      const created = await t.http.post('/api/donation-create-order').set(as(bob)).send({ amount: 12.5, currency: 'USD' }).expect(200);
      await approve(t, created.body.approveUrl);
      const wrong = await t.http.post('/api/donation-capture-order').set(as(bob)).send({ amount: 1250, description: 'Youth', orderID: created.body.id, usersId: bob.id });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0].path).toBe('amount');
      expect((await emulatorOrder(t, created.body.id)).captureCalls).toBe(0);

      const paid = await t.http
        .post('/api/donation-capture-order')
        .set(as(bob))
        .send({ amount: 12.5, description: 'Youth camp', orderID: created.body.id, usersId: String(bob.id) })
        .expect(200);
      expect(paid.body).toMatchObject({ status: 'COMPLETED', donation: { amount: 12.5, currency: 'USD', description: 'Youth camp', status: 'Paid' } });
      const bad = await t.http.post('/api/donation-create-order').set(as(bob)).send({ amount: 12.345, currency: 'USD' });
      expect(bad.body.errors[0].path).toBe('amount');
    });
  });
});
