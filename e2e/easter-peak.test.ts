import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runEasterPeak } from '../bench/easter-peak.ts';

/**
 * The Easter run of `npm run bench:easter`, shorter: three production instances behind nginx (deploy/nginx.conf) on
 * one PostgreSQL, visitors, members and writes at once, the second instance killed (SIGKILL) and restarted halfway.
 * Only what cannot depend on the machine's speed is asserted; the bench prints the rates and p99s.
 */
test('Easter morning on three instances: one killed and restarted, nothing but 2xx and 503, every acknowledged write stored once', { timeout: 600_000 }, async (t) => {
  const report = await runEasterPeak({ seconds: 20, concurrency: 8, members: 12 });
  const summary = JSON.stringify(report, null, 2);
  t.diagnostic(JSON.stringify({ classes: report.classes, kill: report.kill }));

  let cut = 0;
  for (const { traffic, requests, statuses } of report.classes) {
    const count = (pattern: RegExp) => Object.entries(statuses).filter(([status]) => pattern.test(status)).reduce((sum, [, n]) => sum + n, 0);
    assert.ok(count(/^[23]\d\d$/) > requests / 2, `most ${traffic} requests were not answered:\n${summary}`);
    cut += count(/^cut 2\d\d$/);
    // 303 is the PayPal emulator's approval form sending the buyer back; 503 an instance lost mid-request.
    const unexpected = Object.keys(statuses).filter((status) => !/^(2\d\d|303|503|cut 2\d\d)$/.test(status));
    assert.deepEqual(unexpected, [], `${traffic} answers other than 2xx and 503:\n${summary}`);
  }
  // A page the killed instance was still sending stops short: nginx has passed its start on and cannot resend it.
  // Only those may be cut, as nginx's own log says.
  assert.equal(report.kill.cutOtherwise, 0, `answers cut short by an instance that was not killed:\n${summary}`);
  assert.ok(cut <= report.kill.cutByTheKill, `answers cut short that nginx did not see cut by the kill:\n${summary}`);
  for (const write of report.writes) {
    assert.ok(write.acknowledged > 0, `no ${write.kind} was acknowledged:\n${summary}`);
    assert.equal(write.lost, 0, `acknowledged ${write.kind}s missing from the database:\n${summary}`);
    assert.equal(write.duplicated, 0, `${write.kind}s stored more than once:\n${summary}`);
  }
  assert.ok(report.kill.servedAfterRestart > 0, `nginx sent nothing to the restarted instance that it answered:\n${summary}`);
});
