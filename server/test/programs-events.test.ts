import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProgramRefresh } from '../src/content/posts/program-refresh.js';
import { startTestApp, TestApp } from './support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
const EVENT = 'id name startsAt endsAt location onlineUrl recurrence nextStartsAt nextEndsAt';

describe('programs as events', () => {
  let t: TestApp;
  let admin: string;

  const create = (args: string) => t.gql(`mutation { createPost(${args}) { ${EVENT} } }`, {}, admin);
  const program = async (name: string, event = '') => {
    const { data, errors } = await create(`name: "${name}", body: "<p>Come</p>", categoryId: 1 ${event}`);
    expect(errors).toBeUndefined();
    return data.createPost;
  };
  const upcoming = async (filter: string, order = 'ASC') =>
    (await t.gql(`{ allPosts(perPage: 50, sortField: "nextStartsAt", sortOrder: "${order}", filter: { categoryId: 1, ${filter} }) { name } }`)).data.allPosts.map(
      (post: { name: string }) => post.name,
    );

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores when, where and how often a program happens, and its next occurrence', async () => {
    const start = new Date(Date.now() + 7 * DAY);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + 2 * 60 * 60 * 1000);
    const made = await program(
      'Midweek prayer',
      `, startsAt: "${start.toISOString()}", endsAt: "${end.toISOString()}", location: "Main hall", onlineUrl: "https://meet.example.org/pray", recurrence: "RRULE:FREQ=WEEKLY"`,
    );
    expect(made).toMatchObject({
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      location: 'Main hall',
      onlineUrl: 'https://meet.example.org/pray',
      recurrence: 'FREQ=WEEKLY',
      nextStartsAt: start.toISOString(),
      nextEndsAt: end.toISOString(),
    });
    const cleared = await t.gql(`mutation { updatePost(id: ${made.id}, location: null, onlineUrl: "") { location onlineUrl startsAt } }`, {}, admin);
    expect(cleared.data.updatePost).toEqual({ location: null, onlineUrl: null, startsAt: start.toISOString() });
  });

  it('rejects an end before the start, a bad RRULE and an address that is not http(s), naming the field', async () => {
    const at = new Date(Date.now() + DAY).toISOString();
    const before = new Date(Date.now() + DAY - 60_000).toISOString();
    const cases: [string, string][] = [
      [`startsAt: "${at}", endsAt: "${before}"`, 'endsAt'],
      [`startsAt: "${at}", recurrence: "FREQ=FORTNIGHTLY"`, 'recurrence'],
      [`startsAt: "${at}", recurrence: "BYDAY=WE"`, 'recurrence'],
      [`recurrence: "FREQ=WEEKLY"`, 'recurrence'],
      [`onlineUrl: "javascript:alert(1)"`, 'onlineUrl'],
      [`onlineUrl: "ftp://files.example.org"`, 'onlineUrl'],
    ];
    for (const [event, field] of cases) {
      const { errors } = await create(`name: "Bad", body: "<p>x</p>", categoryId: 1, ${event}`);
      expect(errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(JSON.stringify(errors[0])).toContain(field);
    }
    const blog = await create(`name: "Blog", body: "<p>x</p>", categoryId: 3, startsAt: "${at}"`);
    expect(blog.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'startsAt' });
  });

  it('lists upcoming programs by next occurrence, then undated ones newest first, and past ones apart', async () => {
    const now = Date.now();
    await program('Undated older');
    await program('Yesterday', `, startsAt: "${new Date(now - DAY).toISOString()}"`);
    await program('In three days', `, startsAt: "${new Date(now + 3 * DAY).toISOString()}"`);
    // Started weeks ago, every day: its next occurrence is within a day, so it comes first.
    await program('Daily since last month', `, startsAt: "${new Date(now - 30 * DAY + 60 * 60 * 1000).toISOString()}", recurrence: "FREQ=DAILY"`);
    await program('Weekly, finished', `, startsAt: "${new Date(now - 30 * DAY).toISOString()}", recurrence: "FREQ=WEEKLY;COUNT=2"`);
    await program('Undated newer');

    const next = await upcoming('upcoming: true');
    expect(next.indexOf('Daily since last month')).toBe(0);
    expect(next.slice(next.indexOf('In three days'))).toEqual(['In three days', 'Midweek prayer', 'Undated newer', 'Undated older']);
    expect(next).not.toContain('Yesterday');
    expect(next).not.toContain('Weekly, finished');

    expect(await upcoming('upcoming: false', 'DESC')).toEqual(['Yesterday', 'Weekly, finished']);
  });

  it('lists programs in one SQL statement', async () => {
    const response = await t.http
      .post('/graphql')
      .set('x-sql-count', '1')
      .send({ query: '{ allPosts(sortField: "nextStartsAt", sortOrder: "ASC", filter: { categoryId: 1, upcoming: true }) { name nextStartsAt } }' });
    expect(response.body.errors).toBeUndefined();
    expect(Number(response.headers['x-sql-count'])).toBe(1);
  });

  it('moves a recurring program to its next occurrence once one has passed', async () => {
    const start = new Date(Date.now() - 2 * DAY);
    const made = await program('Every day', `, startsAt: "${start.toISOString()}", recurrence: "FREQ=DAILY"`);
    await t.db.query('UPDATE posts SET sort_starts_at = $1 WHERE id = $2', [start, made.id]);
    expect(await t.app.get(ProgramRefresh).refreshNextOccurrences()).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.query('SELECT sort_starts_at FROM posts WHERE id = $1', [made.id]);
    expect(row.sort_starts_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the legacy create-program-post working without event fields', async () => {
    const made = await t.http.post('/api/create-program-post').set('authorization', `Bearer ${admin}`).field('name', 'Legacy program').field('body', '<p>10am</p>').expect(201);
    const read = await t.gql(`{ Post(id: ${made.body.id}) { name startsAt recurrence } }`);
    expect(read.data.Post).toEqual({ name: 'Legacy program', startsAt: null, recurrence: null });
  });
});
