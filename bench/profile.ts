// `npm run bench:profile`: where a request spends its time. Starts the built site under `node --cpu-prof`, then
// loads it, one target after another: cache hits (the home page, the home query by POST, a public legacy list,
// after filling the visitors' cache) and requests no cache answers (a member's query, a member's prayer
// requests, first renders of the home and a post page, an Admin's console list). Prints, for each group, the
// functions with the most CPU time of their own. Demo volume: the profile's shape, not the database's size.
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { ROOT, startSite } from '../e2e/support/harness.ts';
import { coldTargets } from './cold.ts';
import { HOME_QUERY } from './volume.ts';

const SECONDS = 5;
const CONNECTIONS = 10;
const TOP = 15;
/** Quiet time between targets, so each one's samples stay in its own window. */
const GAP_MS = 500;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
}

/** A target's load, in ms since the server process started (where its profile starts). */
interface Window {
  from: number;
  to: number;
}

/** Own CPU time by function and by package, over the given windows of the profile (the loads, not the start-up). */
function summarise(profile: CpuProfile, windows: Window[]) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFrame = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = (counts: Map<string, number>, name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  let time = profile.startTime;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index];
    const sinceStart = (time - profile.startTime) / 1000;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)' || !windows.some(({ from, to }) => sinceStart >= from && sinceStart <= to)) return;
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
  const started = Date.now();
  const site = await startSite({}, undefined, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const gzip = { 'accept-encoding': 'gzip' };
  const cached: Target[] = [
    { name: 'home page', url: `${site.baseUrl}/`, headers: gzip },
    { name: 'home query', url: `${site.baseUrl}/graphql`, method: 'POST', body: JSON.stringify({ query: HOME_QUERY }), headers: { 'content-type': 'application/json', ...gzip } },
    { name: 'legacy list', url: `${site.baseUrl}/api/all-posts-by-category/3`, headers: gzip },
  ];
  const groups: { title: string; targets: Target[]; windows: Window[] }[] = [];
  try {
    const cold = (await coldTargets(site.baseUrl)).map(({ path, ...target }) => ({ ...target, url: `${site.baseUrl}${path}` }));
    groups.push({ title: 'Cache hits', targets: cached, windows: [] });
    for (const target of cold) groups.push({ title: target.name, targets: [target], windows: [] });
    for (const { url, name: _name, ...init } of [...cached, ...cold]) await fetch(url, init);
    for (const group of groups) {
      for (const { name: _name, ...target } of group.targets) {
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
        const from = Date.now() - started;
        await autocannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
        group.windows.push({ from, to: Date.now() - started });
      }
    }
  } finally {
    await site.stop();
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile was written to ${profileDir}`);
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile;
  for (const { title, windows } of groups) {
    console.log(`\n${title} under load (${CONNECTIONS} connections, ${SECONDS} s per target): top ${TOP} frames by own CPU time, idle excluded`);
    const { frames, packages } = summarise(profile, windows);
    console.table(frames);
    console.table(packages);
  }
  rmSync(profileDir, { recursive: true, force: true });
}

await main();
