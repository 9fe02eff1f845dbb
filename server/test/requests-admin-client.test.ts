import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client/core';
import type { DataProvider } from 'ra-core';
import buildDataProvider from 'ra-data-graphql-simple';
import { startTestApp, TestApp } from './support/test-app.js';

/** The admin console's own data provider, as a real client over HTTP. */
describe('reviewing requests with ra-data-graphql-simple', () => {
  let t: TestApp;
  let dataProvider: DataProvider;
  let member: Awaited<ReturnType<TestApp['member']>>;

  beforeAll(async () => {
    t = await startTestApp();
    const client = new ApolloClient({
      link: new HttpLink({ uri: `${t.baseUrl}/graphql`, headers: { authorization: `Bearer ${await t.adminToken()}` }, fetch }),
      cache: new InMemoryCache(),
    });
    dataProvider = buildDataProvider({ client });
    member = await t.member({ firstname: 'Hannah' });
  });
  afterAll(() => t.close());

  /** Two requests of the resource: the first is closed by staff, the second stays New. */
  const seeds: Record<string, () => Promise<void>> = {
    ContactEnquiry: async () => {
      for (const name of ['Closed One', 'Open One']) {
        await t.gql(`mutation { createContactEnquiry(name: "${name}", email: "c@test.example", phone: "0123456789", reason: "other", message: "Hello") { id } }`);
      }
    },
    Question: async () => {
      for (const question of ['Closed One', 'Open One']) await t.gql(`mutation { createQuestion(email: "q@test.example", question: "${question}") { id } }`);
    },
    CounsellingRequest: async () => {
      for (const name of ['Closed One', 'Open One']) {
        await t.gql(`mutation { createCounsellingRequest(name: "${name}", email: "c@test.example", phone: "0123456789", description: "Help") { id } }`);
      }
    },
    BaptismRequest: async () => {
      for (const name of ['Closed One', 'Open One']) await t.gql(`mutation { createBaptismRequest(name: "${name}", email: "b@test.example", phone: "0123456789") { id } }`);
    },
    PrayerRequest: async () => {
      for (const title of ['Closed One', 'Open One']) await t.gql(`mutation { createPrayerRequest(title: "${title}", body: "Amen") { id } }`, {}, member.token);
    },
  };

  it.each(Object.keys(seeds))('lists, filters by status, shows and updates %s', async (resource) => {
    await seeds[resource]();
    const all = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(all.total).toBe(2);
    expect(all.data.map((r) => r.status)).toEqual(['New', 'New']);
    const [first, second] = all.data;

    const closed = await dataProvider.update(resource, { id: first.id, data: { ...first, status: 'Closed', note: 'Answered by phone' }, previousData: first });
    expect(closed.data).toMatchObject({ id: first.id, status: 'Closed', note: 'Answered by phone' });

    const onlyClosed = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { status: 'Closed' } });
    expect(onlyClosed.total).toBe(1);
    expect(onlyClosed.data.map((r) => r.id)).toEqual([first.id]);
    const onlyNew = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { status: 'New' } });
    expect(onlyNew.data.map((r) => r.id)).toEqual([second.id]);

    const shown = await dataProvider.getOne(resource, { id: second.id });
    expect(shown.data).toMatchObject({ id: second.id, status: 'New', createdAt: expect.any(String) });

    const progressed = await dataProvider.update(resource, { id: second.id, data: { ...shown.data, status: 'InProgress' }, previousData: shown.data });
    expect(progressed.data.status).toBe('InProgress');
    const table = { ContactEnquiry: 'contact_enquiries', Question: 'questions', CounsellingRequest: 'counselling_requests', BaptismRequest: 'baptism_requests', PrayerRequest: 'prayer_requests' }[resource];
    const rows = await t.db.query(`SELECT status, note FROM ${table} ORDER BY id`);
    expect(rows).toEqual([
      { status: 'Closed', note: 'Answered by phone' },
      { status: 'InProgress', note: null },
    ]);
  });

  it('shows the member behind a prayer request and deletes one for good', async () => {
    const list = await dataProvider.getList('PrayerRequest', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'hannah' } });
    expect(list.data[0].user).toMatchObject({ id: String(member.id), firstname: 'Hannah', city: 'London' });
    expect(list.data[0].user.email).toBeUndefined();

    const baptisms = await dataProvider.getList('BaptismRequest', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const deleted = await dataProvider.delete('BaptismRequest', { id: baptisms.data[0].id, previousData: baptisms.data[0] });
    expect(deleted.data).toMatchObject({ id: baptisms.data[0].id, name: 'Closed One' });
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM baptism_requests');
    expect(count).toBe(1);
  });
});
