import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { JobQueue } from '../src/database/job-queue.js';
import { untilJobsSettle, untilPasses } from './support/eventually.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Long enough that a job run within a test was fetched on its announcement, never by the poll. */
const HOUR = 3600;

describe('Background jobs', () => {
  let t: TestApp;
  let jobs: JobQueue;
  const ran: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    jobs = t.app.get(JobQueue);
    await jobs.work<{ label: string }>('test-announced', async ({ label }) => void ran.push(label), HOUR);
  });
  afterAll(() => t.close());

  it('runs a queued job at once on its announcement, not at the next poll', async () => {
    await jobs.send('test-announced', { label: 'alone' });
    await untilPasses(async () => expect(ran).toContain('alone'));
  });

  it('announces a job queued in a transaction when it commits, and never one rolled back', async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource
      .transaction(async (manager) => {
        await jobs.send('test-announced', { label: 'rolled back' }, {}, manager);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await dataSource.transaction((manager) => jobs.send('test-announced', { label: 'committed' }, {}, manager));
    await untilPasses(async () => expect(ran).toContain('committed'));
    await untilJobsSettle(t.db, ['test-announced']);
    expect(ran).not.toContain('rolled back');
  });

  it('runs a job announced while the loop was busy with another', async () => {
    await Promise.all([jobs.send('test-announced', { label: 'first' }), jobs.send('test-announced', { label: 'second' })]);
    await untilPasses(async () => expect(ran).toEqual(expect.arrayContaining(['first', 'second'])));
  });
});
