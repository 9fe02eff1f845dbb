import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ROOT } from './support/harness.ts';

test('the benchmark runs end to end on a tiny data set', { timeout: 300_000 }, async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 280_000,
  });
  const file = /written to (\S+\.json)/.exec(stdout)?.[1];
  assert.ok(file, `the benchmark names its results file:\n${stdout}`);
  const report = JSON.parse(readFileSync(file, 'utf8'));

  assert.equal(report.smoke, true);
  const targets = new Set(report.load.map((r: { target: string }) => r.target));
  for (const target of ['reference: home HTML', 'home query (GraphQL)', 'home page HTML (SSR)', 'GET /api/all-posts-by-category/3', 'blog navigation data (/blog.data)']) {
    assert.ok(targets.has(target), `measures ${target}`);
  }
  for (const row of report.load) {
    assert.ok(row.rps > 0, `${row.target} answered requests`);
    assert.equal(row.errors, 0, `${row.target} answered without errors`);
  }
  const cold = new Set(report.cold.map((r: { target: string }) => r.target));
  const measured = ["member's query: 8 posts + 8 videos", 'home page, first render', 'blog post page, first render', "an Admin's console list: 25 donations"];
  for (const target of [...measured, `reference: ${measured[0]}, Node's http and pg alone`, `reference: ${measured[3]}, Node's http and pg alone`]) {
    assert.ok(cold.has(target), `measures ${target}`);
  }
  // Each cold target is judged within the run: the member's query three ways, each page once, the donations thrice.
  const judged = report.targets.map((v: { target: string }) => v.target).join('\n');
  assert.equal(report.targets.length, 9, judged);
  for (const verdict of report.targets) assert.ok(['meets', 'short'].includes(verdict.verdict) && verdict.measured && verdict.aim, JSON.stringify(verdict));
  for (const row of report.cold) {
    assert.ok(row.rps > 0, `${row.target} answered requests`);
    assert.equal(row.errors, 0, `${row.target} answered without errors`);
    assert.ok(row.appCpuMs >= 0 && row.dbCpuMs >= 0, `${row.target} has its CPU measured`);
  }
  assert.equal(report.bookingRush.overbooked, 0, `the rush on one event booked no place twice: ${JSON.stringify(report.bookingRush)}`);
  assert.equal(report.bookingRush.booked, report.bookingRush.capacity, 'the rush took every place');
  assert.equal(report.bookingRush.errors, 0, 'every booking in the rush was booked or told the event is full');
  assert.ok(report.outage.requests > 0, 'visitors asked for pages while the database was stopped');
  assert.equal(report.outage.ok200, report.outage.requests, `every visitor's page read before answered 200 during the outage: ${JSON.stringify(report.outage)}`);
  assert.equal(report.sqlPerHomeQuery.demoVolume, report.sqlPerHomeQuery.benchVolume, 'the home query costs the same SQL at any volume');
  assert.ok(report.weight.homeHtmlGzip > 0 && report.weight.firstVisit.js > 0 && report.weight.admin.js > 0);
  assert.ok(report.weight.firstVisit.jsBrotli > 0 && report.weight.firstVisit.jsBrotli < report.weight.firstVisit.js, 'the scripts are sent brotli-compressed, smaller than gzip');
  assert.ok(report.slowestListQueries.length > 0);
});
