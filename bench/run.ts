// `npm run bench`: speed and weight as a visitor feels them, measured side by side with a minimal Node server
// sending the same bytes (the practical ceiling of this machine), so the ratios hold on a noisy machine.
//   npm run bench                 realistic volume, 8 s per measurement, Lighthouse when Chromium is present
//   npm run bench -- --smoke      tiny volume, a few requests per connection, no Lighthouse (the test suite runs this)
//   npm run bench -- --cold [name]  realistic volume, only the requests no cache answers (those whose name holds `name`)
//   npm run bench -- --booking    only a rush of bookings on one event (50 connections), checked for overbooking
//   npm run bench -- --broadcast  only a broadcast to 10,000 people through a loopback mail server: messages a minute
import autocannon from 'autocannon';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { CHROMIUM, ROOT, startSite } from '../e2e/support/harness.ts';
import { HOME_QUERY, LIST_QUERIES, seedVolume, VOLUME, type Volume } from './volume.ts';
import { coldVerdicts, fullRunVerdicts, type Verdict } from './targets.ts';
import { appPids, COLD, coldTargets, cpuMs, postgresCpuMs, postmasterOf, referenceName, type ColdTarget } from './cold.ts';
import { measureOutage, restartableDatabase } from './outage.ts';
import { measureBookingRush } from './booking-rush.ts';
import { measureBroadcast } from './broadcast.ts';

const smoke = process.argv.includes('--smoke');
const coldOnly = process.argv.includes('--cold');
/** With `--cold`, the word after it picks the targets to measure. */
const coldArg = process.argv[process.argv.indexOf('--cold') + 1] ?? '';
const coldFilter = coldOnly && !coldArg.startsWith('--') ? coldArg : '';
/** `--booking`: only the rush on one event. */
const bookingOnly = process.argv.includes('--booking');
/** `--broadcast`: only the broadcast to many. */
const broadcastOnly = process.argv.includes('--broadcast');
/** `--workers N`: the site runs N processes on its port (CLUSTER_WORKERS), as a machine with N cores would. */
const workers = process.argv.includes('--workers') ? process.argv[process.argv.indexOf('--workers') + 1] : '1';
/** The site's signing key, so the reference server can check the member's token as the app does. */
const BENCH_JWT_SECRET = randomBytes(48).toString('base64');
const BROADCAST_RECIPIENTS = smoke ? 200 : 10_000;
/** The busiest public legacy list: every blog post. */
const LEGACY_LIST = '/api/all-posts-by-category/3';
/** What the browser asks for when a visitor follows a link to the blog: the page's loader data (React Router). */
const BLOG_NAVIGATION = '/blog.data?_routes=routes%2Fblog';
const seconds = 8;
const REQUESTS_PER_CONNECTION_IN_SMOKE = 5;
const volume: Volume = smoke ? { posts: 40, videos: 10, books: 5, members: 50, prayerRequests: 50, donations: 50 } : VOLUME;

interface LoadResult {
  target: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: number;
  /** CPU per request, in ms, of the app and of PostgreSQL (cold targets). */
  appCpuMs?: number;
  dbCpuMs?: number;
}

/** The cold rows a reference row (`reference-read.ts`) is measured beside, with the reference's path. */
const REFERENCED: Record<string, string> = { [COLD.member]: '/graphql', [COLD.donations]: '/donations' };

async function load(
  target: string,
  url: string,
  connections: number,
  init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  // The smoke run sends a fixed number of requests, so a busy machine answers slowly but always answers some.
  const length = smoke ? { amount: connections * REQUESTS_PER_CONNECTION_IN_SMOKE } : { duration: seconds };
  const result = await autocannon({ url, connections, ...length, pipelining: 1, ...init });
  return {
    target,
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The reference: Node's http module answering fixed bytes from memory, gzipped as the app sends them. */
function startReference(pages: Record<string, { body: Buffer; type: string }>): Promise<{ url: string; server: Server }> {
  const gzipped = Object.fromEntries(Object.entries(pages).map(([path, page]) => [path, { ...page, body: gzipSync(page.body) }]));
  const server = createServer((req, res) => {
    const page = gzipped[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': page.type, 'content-encoding': 'gzip', 'content-length': page.body.length });
      res.end(page.body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
    }),
  );
}

const gz = (text: string | Buffer) => gzipSync(text).length;

async function firstVisitWeight(baseUrl: string, html: string) {
  const assets = new Set<string>();
  // React Router may link a stylesheet with a trailing `#` (its dedupe marker); the file is the same.
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/[^"#]+\.(?:js|css))#?"/g)) assets.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*["'](\/[^"']+\.js)["']/g)) assets.add(match[1]);
  const files: { file: string; gzip: number; brotli: number }[] = [];
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(`${baseUrl}${asset}`)).arrayBuffer());
    files.push({ file: asset.replace(/^.*\//, ''), gzip: gz(body), brotli: await bytesSentForBrotli(`${baseUrl}${asset}`) });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const total = (kind: string, encoding: 'gzip' | 'brotli' = 'gzip') =>
    files.filter(({ file }) => file.endsWith(kind)).reduce((sum, file) => sum + file[encoding], 0);
  return { js: total('.js'), jsBrotli: total('.js', 'brotli'), css: total('.css'), files };
}

/** The body's bytes as the server sends them to a browser that accepts brotli (fetch would decompress them). */
function bytesSentForBrotli(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

function adminBundleWeight() {
  const assets = join(ROOT, 'admin/dist/assets');
  if (!existsSync(assets)) return { js: 0, css: 0 };
  let js = 0;
  let css = 0;
  for (const name of readdirSync(assets)) {
    const size = gz(readFileSync(join(assets, name)));
    if (name.endsWith('.js')) js += size;
    if (name.endsWith('.css')) css += size;
  }
  return { js, css };
}

/** Lighthouse's report for one page, asked once more when Chromium's trace comes back unusable (NO_NAVSTART happens). */
async function lighthouse(url: string, attempts = 2): ReturnType<typeof lighthouseOnce> {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.log(`Lighthouse failed on ${url}; once more`);
    return lighthouse(url, attempts - 1);
  }
}

async function lighthouseOnce(url: string) {
  const out = await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(out.stdout);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => report.audits[id]?.numericValue as number;
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift')?.toFixed(3)),
  };
}

async function sqlCount(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sql-count': '1' },
    body: JSON.stringify({ query: HOME_QUERY }),
  });
  await response.text();
  return Number(response.headers.get('x-sql-count'));
}

async function main() {
  const started = Date.now();
  buildIfNeeded();
  if (broadcastOnly) {
    // Its own site, database and mail server: nothing of the rest of the run is needed.
    console.table([await measureBroadcast(BROADCAST_RECIPIENTS)]);
    return;
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'ministry-bench-'));
  chmodSync(dataDir, 0o755);
  // Behind a relay of its own, so the outage below can really stop PostgreSQL and start it again.
  const database = await restartableDatabase(dataDir);
  // One proxy hop trusted, so the booking rush can come from many addresses, as it would.
  const site = await startSite({
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    TRUST_PROXY: '1',
    CLUSTER_WORKERS: workers,
    JWT_SECRET: BENCH_JWT_SECRET,
  });
  // Healthy once the first worker listens; the others start after it.
  while (workers !== '1' && !site.output().includes(`${workers} workers answer on the shared port`)) await new Promise((r) => setTimeout(r, 250));
  const db = new pg.Client({ connectionString: database.url });
  // The outage at the end closes this connection under it.
  db.on('error', () => undefined);
  await db.connect();
  let reference: Server | undefined;
  try {
    const sqlAtDemoVolume = await sqlCount(site.baseUrl);
    console.log(`seeding ${JSON.stringify(volume)}…`);
    await seedVolume(db, volume);
    const sqlAtVolume = await sqlCount(site.baseUrl);

    const rush = () => measureBookingRush(site.baseUrl, db, { connections: 50, capacity: smoke ? 100 : 1000, amount: smoke ? 250 : 3000 });
    if (coldOnly) {
      const cold = await measureCold(site.baseUrl, db, database.url, coldFilter);
      printCold(cold);
      printTargets(coldVerdicts(cold));
      return;
    }
    if (bookingOnly) {
      printRush(await rush());
      return;
    }
    const homeQueryBody = JSON.stringify({ query: HOME_QUERY });
    const jsonHeaders = { 'content-type': 'application/json' };
    const homeJson = Buffer.from(await (await fetch(`${site.baseUrl}/graphql`, { method: 'POST', headers: jsonHeaders, body: homeQueryBody })).arrayBuffer());
    const homeHtml = await (await fetch(`${site.baseUrl}/`)).text();
    const legacyJson = Buffer.from(await (await fetch(`${site.baseUrl}${LEGACY_LIST}`)).arrayBuffer());
    const blogData = Buffer.from(await (await fetch(`${site.baseUrl}${BLOG_NAVIGATION}`)).arrayBuffer());
    const ref = await startReference({
      '/': { body: Buffer.from(homeHtml), type: 'text/html; charset=utf-8' },
      '/graphql': { body: homeJson, type: 'application/json' },
      [LEGACY_LIST]: { body: legacyJson, type: 'application/json' },
      [BLOG_NAVIGATION]: { body: blogData, type: 'text/x-script' },
    });
    reference = ref.server;

    const results: LoadResult[] = [];
    for (const connections of [10, 50]) {
      const refHtml = await load('reference: home HTML', `${ref.url}/`, connections);
      const refJson = await load('reference: home query JSON', `${ref.url}/graphql`, connections, {
        method: 'POST',
        body: homeQueryBody,
        headers: jsonHeaders,
      });
      const refList = await load('reference: legacy list JSON', `${ref.url}${LEGACY_LIST}`, connections);
      const refNavigation = await load('reference: blog navigation data', `${ref.url}${BLOG_NAVIGATION}`, connections);
      const query = await load('home query (GraphQL)', `${site.baseUrl}/graphql`, connections, {
        method: 'POST',
        body: homeQueryBody,
        headers: { ...jsonHeaders, 'accept-encoding': 'gzip' },
      });
      const page = await load('home page HTML (SSR)', `${site.baseUrl}/`, connections, { headers: { 'accept-encoding': 'gzip' } });
      const legacy = await load(`GET ${LEGACY_LIST}`, `${site.baseUrl}${LEGACY_LIST}`, connections, { headers: { 'accept-encoding': 'gzip' } });
      const navigation = await load('blog navigation data (/blog.data)', `${site.baseUrl}${BLOG_NAVIGATION}`, connections, {
        headers: { 'accept-encoding': 'gzip' },
      });
      query.ratio = query.rps / refJson.rps;
      page.ratio = page.rps / refHtml.rps;
      legacy.ratio = legacy.rps / refList.rps;
      navigation.ratio = navigation.rps / refNavigation.rps;
      results.push(refHtml, refJson, refList, refNavigation, query, page, legacy, navigation);
    }

    const cold = await measureCold(site.baseUrl, db, database.url);
    const bookingRush = await rush();
    const broadcast = await measureBroadcast(BROADCAST_RECIPIENTS);

    const plans = [];
    for (const [name, sql] of Object.entries(LIST_QUERIES)) {
      const [{ 'QUERY PLAN': plan }] = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`)).rows;
      plans.push({ name, ms: Number(plan[0]['Execution Time'].toFixed(3)) });
    }
    plans.sort((a, b) => b.ms - a.ms);

    const postId = (await db.query(`SELECT id FROM posts WHERE category_id = 3 ORDER BY created_at DESC LIMIT 1`)).rows[0]?.id;
    const sermonId = (await db.query(`SELECT id FROM videos ORDER BY created_at DESC LIMIT 1`)).rows[0]?.id;
    const weight = {
      homeHtmlGzip: gz(homeHtml),
      firstVisit: await firstVisitWeight(site.baseUrl, homeHtml),
      admin: adminBundleWeight(),
    };

    let lighthouseResults: Awaited<ReturnType<typeof lighthouseOnce>>[] | string = 'skipped: --smoke';
    if (!smoke) {
      lighthouseResults = existsSync(CHROMIUM)
        ? [
            await lighthouse(`${site.baseUrl}/`),
            await lighthouse(`${site.baseUrl}/post-details/${postId}`),
            await lighthouse(`${site.baseUrl}/sermons`),
            await lighthouse(`${site.baseUrl}/sermons/${sermonId}`),
            await lighthouse(`${site.baseUrl}/live`),
          ]
        : `skipped: no Chromium at ${CHROMIUM}`;
    }

    // Last, as it ends every connection to the database: visitors' pages read before keep answering while it is down.
    const outagePaths = ['/', '/blog', `/post-details/${postId}`, LEGACY_LIST, BLOG_NAVIGATION];
    for (const path of outagePaths) await fetch(`${site.baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
    const outage = await measureOutage({ baseUrl: site.baseUrl, paths: outagePaths, database, seconds: smoke ? 2 : 10 });

    const report = {
      date: new Date().toISOString(),
      smoke,
      volume,
      measurement: smoke ? `${REQUESTS_PER_CONNECTION_IN_SMOKE} requests per connection` : `${seconds} s each`,
      load: results,
      cold,
      bookingRush,
      broadcast,
      sqlPerHomeQuery: { demoVolume: sqlAtDemoVolume, benchVolume: sqlAtVolume },
      slowestListQueries: plans.slice(0, 3),
      weight,
      lighthouse: lighthouseResults,
      outage,
      targets: [
        ...coldVerdicts(cold),
        ...(smoke
          ? []
          : fullRunVerdicts(results, {
              firstVisitJsGzipBytes: weight.firstVisit.js,
              // The pages: the home page and a post.
              lighthouse: Array.isArray(lighthouseResults) ? lighthouseResults.slice(0, 2) : [],
            })),
      ],
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    print(report);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    const file = join(ROOT, 'bench/results', `${report.date.replace(/[:.]/g, '-')}${smoke ? '-smoke' : ''}.json`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`\nwritten to ${file}`);
  } finally {
    reference?.close();
    await db.end();
    await site.stop({ keepData: true });
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Requests no visitors' cache answers, with the CPU each costs in the app and in PostgreSQL; the member's query
 * also from `reference-read.ts` (Node's http and pg alone, on the same database), its CPU in the app's column.
 */
async function measureCold(baseUrl: string, db: pg.Client, databaseUrl: string, only = ''): Promise<LoadResult[]> {
  const cold: LoadResult[] = [];
  const app = appPids(baseUrl);
  const postmaster = await postmasterOf(db);
  const targets: (ColdTarget & { url: string; pids: number[] })[] = [];
  let reference: { process: ChildProcess; port: number } | undefined;
  for (const target of await coldTargets(baseUrl)) {
    if (!target.name.includes(only)) continue;
    targets.push({ ...target, url: `${baseUrl}${target.path}`, pids: app });
    const path = REFERENCED[target.name];
    if (!path) continue;
    reference ??= await startReadReference(databaseUrl);
    targets.push({ ...target, name: referenceName(target.name), url: `http://127.0.0.1:${reference.port}${path}`, pids: [reference.process.pid!] });
  }
  try {
    for (const { name, url, pids, path: _path, ...init } of targets) {
      await load(name, url, 2, init);
      const before = { app: cpuMs(pids), db: postgresCpuMs(postmaster) };
      const result = await load(name, url, 10, init);
      const perRequest = (ms: number) => Number((ms / Math.max(result.requests, 1)).toFixed(2));
      result.appCpuMs = perRequest(cpuMs(pids) - before.app);
      result.dbCpuMs = perRequest(postgresCpuMs(postmaster) - before.db);
      cold.push(result);
    }
  } finally {
    reference?.process.kill();
  }
  return cold;
}

/** Starts `reference-read.ts` on the bench's database; it prints its port. */
async function startReadReference(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/reference-read.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET },
  });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return { process: child, port: Number(port) };
}

function print(report: any) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nLoad (${report.measurement}, autocannon, gzip)`);
  console.table(
    report.load.map((r: LoadResult) => ({
      target: r.target,
      conns: r.connections,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs reference': r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(1)} %`,
      errors: r.errors,
    })),
  );
  printCold(report.cold);
  printRush(report.bookingRush);
  console.log('A broadcast through a loopback mail server');
  console.table([report.broadcast]);
  console.log(`SQL statements per home query: ${report.sqlPerHomeQuery.demoVolume} at demo volume, ${report.sqlPerHomeQuery.benchVolume} at bench volume`);
  console.log('Slowest list queries (EXPLAIN ANALYZE):');
  console.table(report.slowestListQueries);
  console.log('Weight (gzip)');
  console.table({
    'home HTML': kb(report.weight.homeHtmlGzip),
    'first visit to / : JS': kb(report.weight.firstVisit.js),
    'first visit to / : JS, brotli as sent': kb(report.weight.firstVisit.jsBrotli),
    'first visit to / : CSS': kb(report.weight.firstVisit.css),
    'admin bundle: JS': kb(report.weight.admin.js),
    'admin bundle: CSS': kb(report.weight.admin.css),
  });
  console.log('First visit to /, file by file, largest first');
  console.table(
    report.weight.firstVisit.files.map(({ file, gzip, brotli }: { file: string; gzip: number; brotli: number }) => ({
      file,
      gzip: kb(gzip),
      'brotli as sent': kb(brotli),
    })),
  );
  const { requests, ok200, stale, other } = report.outage;
  console.log(
    `Database stopped for ${smoke ? 2 : 10} s: ${ok200} of ${requests} visitor requests answered 200 (${((ok200 / requests) * 100).toFixed(1)} %), ${stale} of them from a stale copy; others: ${JSON.stringify(other)}`,
  );
  if (Array.isArray(report.lighthouse)) {
    console.log('Lighthouse (mobile)');
    console.table(report.lighthouse);
  } else {
    console.log(`Lighthouse: ${report.lighthouse}`);
  }
  printTargets(report.targets);
}

function printTargets(verdicts: Verdict[]) {
  console.log(`\nTargets (ratios within this run): ${verdicts.filter((v) => v.verdict === 'meets').length} of ${verdicts.length} met`);
  console.table(verdicts);
}

function printRush(rush: Awaited<ReturnType<typeof measureBookingRush>>) {
  console.log('\nA rush on one event (createBooking, one place each, every request from its own address)');
  console.table([rush]);
}

function printCold(cold: LoadResult[]) {
  console.log('\nRequests no cache answers (10 connections; CPU per request from /proc)');
  console.table(
    cold.map((r) => ({
      target: r.target,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'app CPU ms': r.appCpuMs,
      'PostgreSQL CPU ms': r.dbCpuMs,
      errors: r.errors,
    })),
  );
}

await main();
