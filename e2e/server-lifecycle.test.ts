import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ADMIN, startSite } from './support/harness.ts';

const postgresRunningUnder = (dataDir: string) => {
  const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return processes.split('\n').some((line) => line.includes('postgres') && line.includes(dataDir));
};

test('the app starts with its embedded database, keeps data across restarts and stops it', async () => {
  // An empty DATA_DIR of its own, not a seeded copy: the first start makes the cluster, migrates and seeds.
  const first = await startSite({}, mkdtempSync(join(tmpdir(), 'ministry-e2e-')));
  try {
    const health = await fetch(`${first.baseUrl}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok', database: 'ok' });
    assert.ok(postgresRunningUnder(first.dataDir), 'the embedded PostgreSQL runs with its data under DATA_DIR');

    const html = await (await fetch(`${first.baseUrl}/`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html) ?? /href="(\/assets\/[^"]+\.js)"/.exec(html);
    assert.ok(script, 'the home page loads a hashed script');
    const asset = await fetch(`${first.baseUrl}${script[1]}`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(asset.headers.get('content-encoding'), 'br', 'hashed assets are sent precompressed');
    assert.match(asset.headers.get('content-type') ?? '', /javascript/);
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/);
    assert.ok((await asset.text()).length > 0);

    const firstPage = await fetch(`${first.baseUrl}/blog`);
    const secondPage = await fetch(`${first.baseUrl}/blog`);
    const [firstHtml, secondHtml] = [await firstPage.text(), await secondPage.text()];
    const policy = firstPage.headers.get('content-security-policy') ?? '';
    assert.match(policy, /script-src 'self' 'sha256-/, 'a visitor page allows its inline scripts by hash');
    assert.equal(secondPage.headers.get('content-security-policy'), policy, 'a page served again carries the same policy');
    assert.equal(secondHtml, firstHtml, 'visitors get the same page');

    const register = await fetch(`${first.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Sister', firstname: 'Ruth', lastname: 'Moab', gender: 'female', marital_status: 'married',
        phone: '+44 20 7946 0000', email: 'ruth@example.net', password: 'gleaning-barley',
        country: 'United Kingdom', state: 'England', city: 'London', address: '2 Field Lane',
      }),
    });
    assert.equal(register.status, 201);
  } finally {
    await first.stop({ keepData: true });
  }
  assert.equal(postgresRunningUnder(first.dataDir), false, 'stopping the app stops its PostgreSQL');

  const second = await startSite({}, first.dataDir);
  try {
    const login = await fetch(`${second.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ruth@example.net', password: 'gleaning-barley' }),
    });
    assert.equal(login.status, 200, 'the member registered before the restart can log in');
    const admin = await fetch(`${second.baseUrl}/api/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    assert.equal(admin.status, 200);
  } finally {
    await second.stop();
  }
});

/** The app's worker processes under a cluster's primary (its embedded PostgreSQL is a child too, and is left out). */
const workersOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('main.js'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

/** Waits, never longer than 90 s, for what a test cannot be told of. */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 90_000;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
}

test('CLUSTER_WORKERS runs that many workers on one port, replaces one that dies, and stops them all', async () => {
  const site = await startSite({ CLUSTER_WORKERS: '2' });
  let workers: number[] = [];
  try {
    // The site is healthy once the first worker listens; the others start after it has migrated.
    await until(() => site.output().includes('2 workers answer on the shared port'));
    workers = workersOf(site.pid);
    assert.equal(workers.length, 2, `two workers under the primary:\n${site.output()}`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${site.baseUrl}/healthz`).then((r) => r.status)));
    assert.deepEqual(new Set(answers), new Set([200]));

    // A connection the primary had just handed to the killed worker is reset, as behind any load balancer.
    process.kill(workers[0], 'SIGKILL');
    let replaced: number[] = [];
    await until(() => {
      replaced = workersOf(site.pid);
      return replaced.length === 2 && !replaced.includes(workers[0]);
    });
    assert.equal(replaced.length, 2, 'a new worker takes the place of the one that died');
    assert.ok(!replaced.includes(workers[0]));
    workers = replaced;
    const after = await Promise.all(Array.from({ length: 10 }, () => fetch(`${site.baseUrl}/healthz`).then((r) => r.status)));
    assert.deepEqual(new Set(after), new Set([200]), 'the surviving worker answered meanwhile');
    assert.ok(site.running(), 'the primary kept running');
  } finally {
    await site.stop();
  }
  const alive = workers.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  assert.deepEqual(alive, [], 'stopping the primary stops every worker');
  assert.equal(postgresRunningUnder(site.dataDir), false, 'and then its PostgreSQL');
});
