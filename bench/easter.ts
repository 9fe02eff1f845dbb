// `npm run bench:easter`: the Easter run (bench/easter-peak.ts) for 60 s; prints the table and writes JSON
// to bench/results/. Targets: p99 <= 100 ms for visitors, <= 150 ms for members, no acknowledged write lost.
//   npm run bench:easter -- --seconds 30 --concurrency 20
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { ROOT } from '../e2e/support/harness.ts';
import { runEasterPeak, type EasterReport } from './easter-peak.ts';

const TARGET_P99_MS: Record<string, number> = { visitor: 100, member: 150 };

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, concurrency: { type: 'string', default: '10' } } });

function print(report: EasterReport) {
  console.log(`\nEaster morning: three instances behind nginx, ${report.concurrency} people at once, ${report.seconds} s, ${report.pages} visitor pages, ${report.members} members`);
  console.table(
    report.classes.map((c) => ({
      class: c.traffic,
      requests: c.requests,
      'req/s': c.rps,
      'p50 ms': c.p50,
      'p99 ms': c.p99,
      'p99 target': TARGET_P99_MS[c.traffic] ? `<= ${TARGET_P99_MS[c.traffic]} ms` : '',
      statuses: Object.entries(c.statuses).map(([status, n]) => `${status}: ${n}`).join(', '),
    })),
  );
  console.log('Writes (checked in the database)');
  console.table(report.writes);
  console.log(
    `Instance 2 killed at ${report.kill.killedAt} s, answering again ${report.kill.backAfter} s later, then served ${report.kill.servedAfterRestart} requests; nginx logged ${report.upstreamErrors} upstream errors`,
  );
}

buildIfNeeded();
const report = await runEasterPeak({ seconds: Number(values.seconds), concurrency: Number(values.concurrency), members: 60, log: console.log });
print(report);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, 'bench/results', `easter-${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`\nwritten to ${file}`);
