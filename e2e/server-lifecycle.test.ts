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
