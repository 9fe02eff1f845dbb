import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from './support/test-app.js';

/** A loopback port with nothing listening: every SMTP connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('requests while the SMTP server is down', () => {
  let t: TestApp;
  const output: string[] = [];
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };

  beforeAll(async () => {
    for (const stream of ['stdout', 'stderr'] as const) {
      const original = originals[stream].bind(process[stream]);
      process[stream].write = (chunk: unknown, ...rest: never[]) => {
        output.push(String(chunk));
        return original(chunk as string, ...rest);
      };
    }
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, STAFF_EMAIL: 'team@test.example' });
  });
  afterAll(async () => {
    await t.close();
    process.stdout.write = originals.stdout;
    process.stderr.write = originals.stderr;
  });

  const mailJobs = (to: string) =>
    t.db.query<{ state: string }[]>(`SELECT state FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1`, [to]);

  it('stores the request, answers success, and keeps the e-mails queued for a retry', async () => {
    const secret = 'a private matter 5c2e';
    const response = await t.http
      .post('/api/contact-us')
      .set('x-forwarded-for', '192.0.2.10')
      .send({ name: 'Ruth', email: 'ruth@test.example', phone: '020 7946 0002', reason: 'counselling', message: secret })
      .expect(201);
    const [row] = await t.db.query('SELECT message, status FROM contact_enquiries WHERE id = $1', [response.body.id]);
    expect(row).toEqual({ message: secret, status: 'New' });

    const viaGraphQL = await t.gql('mutation { createQuestion(email: "naomi@test.example", question: "Is it open?") { id } }');
    expect(viaGraphQL.errors).toBeUndefined();
    const [question] = await t.db.query('SELECT email FROM questions WHERE id = $1', [viaGraphQL.data.createQuestion.id]);
    expect(question.email).toBe('naomi@test.example');

    // The worker tries, the connection is refused, and pg-boss schedules the next attempt.
    const deadline = Date.now() + 30_000;
    let jobs = await mailJobs('ruth@test.example');
    while (!jobs.some((job) => job.state === 'retry') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      jobs = await mailJobs('ruth@test.example');
    }
    expect(jobs.map((job) => job.state)).toEqual(['retry']);
    expect((await mailJobs('team@test.example')).length).toBe(2);

    const logged = output.join('');
    expect(logged).toMatch(/mail job .* failed, will retry/);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Is it open?');
  });
});
