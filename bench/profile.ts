// `npm run bench:profile`: where a cache hit spends its time. Starts the built site under `node --cpu-prof`,
// fills the visitors' cache, loads it with repeated visitor reads (the home page, the home query by POST, a public
// legacy list), stops it and prints the functions with the most CPU time of their own. Demo volume: on a hit
// the size of the database does not matter.
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { ROOT, startSite } from '../e2e/support/harness.ts';
import { HOME_QUERY } from './volume.ts';

const SECONDS = 5;
const CONNECTIONS = 10;
const TOP = 15;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
}

/** Own CPU time by function and by package, over the profile's last `windowMs` (the load, not the start-up). */
function summarise(profile: CpuProfile, windowMs: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFrame = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = (counts: Map<string, number>, name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  let time = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  let busy = 0;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index];
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (profile.endTime - time > windowMs * 1000 || functionName === '(idle)') return;
    busy++;
    const path = relative(ROOT, url.replace(/^file:\/\//, '')).replace(/^(server\/)?node_modules\//, '');
    add(byFrame, `${functionName || '(anonymous)'} ${url ? `${path}:${lineNumber + 1}` : ''}`.trim());
    add(byPackage, !url ? functionName : url.startsWith('node:') ? 'node (http, streams, zlib…)' : path.startsWith('server/dist/') ? 'this application' : path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/'));
  });
  const top = (counts: Map<string, number>, column: string) =>
    [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([name, samples]) => ({ [column]: name, 'self %': `${((samples / busy) * 100).toFixed(1)} %` }));
  return { frames: top(byFrame, 'frame'), packages: top(byPackage, 'package or file') };
}

async function main() {
  buildIfNeeded();
  const profileDir = mkdtempSync(join(tmpdir(), 'ministry-profile-'));
  const site = await startSite({}, undefined, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const json = { method: 'POST' as const, body: JSON.stringify({ query: HOME_QUERY }), headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' } };
  const targets = [
    { url: `${site.baseUrl}/`, headers: { 'accept-encoding': 'gzip' } },
    { url: `${site.baseUrl}/graphql`, ...json },
    { url: `${site.baseUrl}/api/all-posts-by-category/3`, headers: { 'accept-encoding': 'gzip' } },
  ];
  let loadStarted = Date.now();
  try {
    for (const { url, ...init } of targets) await fetch(url, init);
    loadStarted = Date.now();
    for (const target of targets) await autocannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
  } finally {
    await site.stop();
  }
  const windowMs = Date.now() - loadStarted;
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile was written to ${profileDir}`);
  console.log(`Cache hits under load (${CONNECTIONS} connections, ${SECONDS} s per target): top ${TOP} frames by own CPU time, idle excluded`);
  const { frames, packages } = summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile, windowMs);
  console.table(frames);
  console.table(packages);
  rmSync(profileDir, { recursive: true, force: true });
}

await main();
