import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CREATE_BOOK_ORDER, CREATE_DONATION } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** The keys of an answer, nested objects and the first element of arrays included: its shape, not its values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  return value === null ? null : typeof value;
}

const USER_ACCOUNT = {
  id: 'number', title: 'string', firstname: 'string', lastname: 'string', gender: 'string', marital_status: 'string', phone: 'string',
  email: 'string', country: 'string', state: 'string', city: 'string', address: 'string', role: 'string', createdAt: 'string',
};
const POST = {
  id: 'number', name: 'string', slug: 'string', body: 'string', excerpt: 'string', image: 'string', postCategoryId: 'number',
  postCategory: { id: 'number', name: 'string' }, userId: 'number', usersId: 'number',
  users: { id: 'number', title: 'string', firstname: 'string', lastname: 'string' }, status: 'string', createdAt: 'string', updatedAt: 'string',
};

/** Same keys, in the same order, with the same kinds of value. */
const expectShape = (actual: unknown, expected: unknown) => expect(JSON.stringify(actual, null, 1)).toBe(JSON.stringify(expected, null, 1));

/**
 * The legacy client reads these answers by key (spec sections 3 and 7): every read path keeps its exact shape,
 * key order included, whatever the code behind it becomes.
 */
describe('the legacy paths answer the shapes of the contract', () => {
  let t: TestApp;
  let admin: string;
  let member: Awaited<ReturnType<TestApp['member']>>;
  const get = async (path: string, token = admin) => shapeOf((await t.http.get(path).set('authorization', `Bearer ${token}`).expect(200)).body);

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
    admin = await t.adminToken();
    member = await t.member();
    const [book] = await t.db.query('SELECT id FROM books ORDER BY id LIMIT 1');
    await t.gql(CREATE_BOOK_ORDER, { items: [{ bookId: String(book.id), quantity: 2 }], deliveryAddress: '1 Church Street' }, member.token);
    await t.gql(CREATE_DONATION, { amount: 10, currency: 'GBP', description: 'Tithe' }, member.token);
    await t.http.post('/api/make-prayer-request').set('authorization', `Bearer ${member.token}`).send({ title: 'Healing', body: 'For my mother' }).expect(201);
  });
  afterAll(() => t.close());

  it('answers posts, categories and testimonies', async () => {
    expectShape(await get('/api/all-posts-by-category/3'), [POST]);
    expectShape(await get('/api/all-program-posts'), [POST]);
    expectShape(await get('/api/all-post-categories'), [{ id: 'number', name: 'string' }]);
    expectShape(await get('/api/testimonies/2/all-testimonies'), [{ ...POST, image: null }]);
  });

  it('answers videos, books and the home pictures', async () => {
    expectShape(await get('/api/all-videos'), [{ id: 'number', title: 'string', video: 'string', poster: 'string', createdAt: 'string' }]);
    expectShape(await get('/api/all-books'), [
      { id: 'number', title: 'string', price: 'number', currency: 'string', image: 'string', description: 'string', createdAt: 'string' },
    ]);
    expectShape(await get('/api/all-slider-images'), [{ id: 'number', title: 'string', image: 'string', position: 'number' }]);
    expectShape(await get('/api/all-visit-ancc-image'), [{ id: 'number', title: 'string', image: 'string' }]);
    expectShape(await get('/api/all-zoom-image'), [{ id: 'number', zoomId: 'string', password: 'string', image: 'string' }]);
  });

  it('answers users: the signed-in session, the account and a look-up', async () => {
    const login = await t.http.post('/api/login').send({ email: member.email, password: member.password }).expect(200);
    expectShape(shapeOf(login.body), {
      token: 'string',
      users: { id: 'number', title: 'string', firstname: 'string', lastname: 'string', email: 'string', role: 'string', country: 'string', state: 'string', city: 'string', phone: 'string' },
    });
    expectShape(await get('/api/me', member.token), USER_ACCOUNT);
    expectShape(await get(`/api/get-user-by-email/${member.email}`), { user: [USER_ACCOUNT] });
  });

  it('answers prayer requests, donations and book orders with their member', async () => {
    const prayer = {
      id: 'number', title: 'string', body: 'string', status: 'string', note: null, userId: 'number', createdAt: 'string',
      users: { title: 'string', firstname: 'string', lastname: 'string', country: 'string', state: 'string', city: 'string' },
      privacy: 'string', wallName: null, wallStatus: 'string', prayedCount: 'number', expiresAt: 'string',
    };
    expectShape(await get('/api/all-prayer-requests'), [prayer]);
    expectShape(await get(`/api/prayer-request/${member.id}/my-prayer-requests`, member.token), [prayer]);

    const buyer = { firstname: 'string', lastname: 'string', email: 'string', phone: 'string', country: 'string' };
    expectShape(await get('/api/all-donations'), [
      { id: 'number', orderID: 'string', created_at: 'string', amount: 'number', currency: 'string', description: 'string', status: 'string', user: buyer },
    ]);
    expectShape(await get('/api/all-bookshop-orders'), [
      {
        id: 'number', orderID: 'string', created_at: 'string', price: 'number', amount: 'number', currency: 'string', title: 'string',
        items: [{ bookId: 'number', title: 'string', unitPrice: 'number', quantity: 'number', lineTotal: 'number' }],
        deliveryAddress: 'string', status: 'string', user: { ...buyer, state: 'string' },
      },
    ]);
  });
});
