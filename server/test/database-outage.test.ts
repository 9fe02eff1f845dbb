import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from '../src/database/database-unavailable.js';
import { startDatabaseProxy } from './support/database-proxy.js';
import { startTestApp, TestApp } from './support/test-app.js';

const enquiry = (marker: string) => ({ name: 'Ruth', email: 'ruth@test.example', phone: '020 7946 0002', reason: 'prayer', message: marker });

describe('while the database is unavailable', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let client = 0;
  const nextAddress = () => `198.51.100.${++client}`;

  beforeAll(async () => {
    proxy = await startDatabaseProxy(process.env.TEST_POSTGRES_URL!);
    t = await startTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '500' }, { databasePort: proxy.port });
  });
  afterAll(async () => {
    proxy.set('up');
    await t.close();
    await proxy.close();
  });

  it('answers a legacy form 503 with Retry-After in the legacy error shape', async () => {
    proxy.set('down');
    const response = await t.http.post('/api/contact-us').set('x-forwarded-for', nextAddress()).send(enquiry('while down'));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({ errors: [{ msg: expect.stringMatching(/try again/), path: '' }], code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers GraphQL 503 with Retry-After and extensions.code SERVICE_UNAVAILABLE', async () => {
    proxy.set('down');
    for (const query of [
      'mutation { createQuestion(email: "naomi@test.example", question: "Is the hall open?") { id } }',
      '{ allPosts(perPage: 1, filter: { q: "outage" }) { id } }',
    ]) {
      const response = await t.http.post('/graphql').set('content-type', 'application/json').send({ query });
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body.errors[0]).toMatchObject({ message: expect.stringMatching(/try again/), extensions: { code: 'SERVICE_UNAVAILABLE' } });
      expect(response.body.errors[0].extensions).not.toHaveProperty('http');
    }
  });

  it('answers /healthz 503 while the database is down and 200 once it is back', async () => {
    proxy.set('down');
    await t.http.get('/healthz').expect(503, { status: 'error', database: 'unreachable' });
    proxy.set('up');
    await t.http.get('/healthz').expect(200, { status: 'ok', database: 'ok' });
  });

  it('answers 503 rather than waiting on a database that does not answer', async () => {
    proxy.set('stalled');
    const response = await t.http.post('/api/contact-us').set('x-forwarded-for', nextAddress()).send(enquiry('while stalled'));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    proxy.set('up');
  });

  it('stores forms again once the database is back', async () => {
    proxy.set('up');
    const response = await t.http.post('/api/contact-us').set('x-forwarded-for', nextAddress()).send(enquiry('after the outage')).expect(201);
    const rows = await t.db.query('SELECT message FROM contact_enquiries WHERE id = $1', [response.body.id]);
    expect(rows).toEqual([{ message: 'after the outage' }]);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises lost connections and shutdowns, also inside the errors TypeORM wraps them in', () => {
    const wrapped = (driverError: unknown) => Object.assign(new Error('query failed'), { driverError });
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connection failure'), { code: '08006' })))).toBe(true);
  });

  it('leaves errors in the statement or the data alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "FROM"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
