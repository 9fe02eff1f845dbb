// Easter morning on three production instances behind nginx (deploy/nginx.conf) on one PostgreSQL: a mix of
// visitors, members and writes for a while, one instance killed (SIGKILL) and restarted in the middle, then the
// database asked whether every acknowledged write is there exactly once. `npm run bench:easter` and
// e2e/easter-peak.test.ts both run this.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { startSite, freePort, type Site } from '../e2e/support/harness.ts';
import { startNginx, type Nginx, type ProxiedRequest } from '../e2e/support/nginx.ts';
import { startPostgres, type TestPostgres } from '../e2e/support/postgres.ts';
import {
  contactForm,
  Crowd,
  donation,
  MEMBER_READS,
  personAddress,
  prayerRequest,
  signUp,
  visitorCall,
  type Exchange,
  type Person,
  type TrafficClass,
  type VisitorRead,
  type WriteKind,
} from './easter-traffic.ts';
import { seedVolume, type Volume } from './volume.ts';

export interface EasterOptions {
  /** How long the mix runs; it runs on until the killed instance is back and has served a few seconds. */
  seconds: number;
  /** People in flight at once (each waits for an answer before the next request, as autocannon's connections do). */
  concurrency: number;
  members: number;
  log?: (line: string) => void;
}

export interface ClassReport {
  traffic: TrafficClass;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers by HTTP status; 0 is a connection that failed. */
  statuses: Record<string, number>;
}

export interface WriteReport {
  kind: WriteKind;
  sent: number;
  acknowledged: number;
  /** Acknowledged but not in the database. */
  lost: number;
  /** Markers stored (as a paid gift, for donations) more than once. */
  duplicated: number;
  /** Stored although the site never acknowledged them (the client gave up retrying). */
  storedUnacknowledged: number;
}

export interface EasterReport {
  date: string;
  seconds: number;
  concurrency: number;
  pages: number;
  members: number;
  classes: ClassReport[];
  writes: WriteReport[];
  kill: {
    /** Seconds into the run. */
    killedAt: number;
    /** Seconds from the kill until the instance answered its health check again. */
    backAfter: number;
    /** Requests nginx sent to the restarted instance that it answered 2xx. */
    servedAfterRestart: number;
    /** Answers nginx had begun passing on when the killed instance died, cut short (it cannot resend those). */
    cutByTheKill: number;
    /** Answers cut short by an instance that was not killed: none expected. */
    cutOtherwise: number;
  };
  /** The first answers that were not 2xx or 3xx and writes not acknowledged, with what the site said. */
  problems: string[];
  /** Errors nginx logged talking to an instance: each request passed on to another one, or answered 503. */
  upstreamErrors: number;
}

/** The mix: 80 % visitors, 15 % members reading their area, 5 % writes. */
const MIX: [TrafficClass, number][] = [
  ['visitor', 0.8],
  ['member', 0.15],
  ['write', 0.05],
];
const WRITE_KINDS: WriteKind[] = ['prayer request', 'contact form', 'donation'];
const VISITORS = 2000;
const VOLUME: Volume = { posts: 400, videos: 200, books: 10, members: 1000, prayerRequests: 200, donations: 200 };
/** Part of the run after which the second instance is killed: the middle. */
const KILL_AT = 0.5;
/**
 * After the restart the mix goes on until the instance has answered this many requests through nginx (which tries an
 * instance it saw fail again only after `fail_timeout`, 5 s in deploy/nginx.conf), or for a minute at most.
 */
const SERVED_AFTER_RESTART = 10;
const AFTER_RESTART_MAX_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => (sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1)) : 0);

/** 200 different things a visitor reads: the home page, blog and programs pages, posts, and messages (videos) by page. */
async function visitorReads(db: pg.Client): Promise<VisitorRead[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM posts WHERE status = 'Authorised' AND category_id IN (1, 3) ORDER BY created_at DESC LIMIT 150`);
  const lists = ['/', '/blog', '/programs', '/testimonies', '/service-times', '/visit-info', ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((page) => `/blog?page=${page}`), '/programs?page=2', '/programs?page=3', '/programs?page=4', '/programs?page=5'];
  const reads: VisitorRead[] = [...lists.map((path) => ({ path })), ...rows.map(({ id }) => ({ path: `/post-details/${id}` }))];
  for (let page = 0; reads.length < 200; page++) reads.push({ videosPage: page });
  return reads;
}

/** The process listening on `port` (its environment names it); the harness does not hand out its child. */
function pidOnPort(port: number): number {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environment.includes(`PORT=${port}`) && environment.includes('NODE_ENV=production')) return Number(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  throw new Error(`no instance listens on ${port}`);
}

function classReports(exchanges: Exchange[], seconds: number): ClassReport[] {
  return MIX.map(([traffic]) => {
    const mine = exchanges.filter((exchange) => exchange.traffic === traffic);
    const sorted = mine.map((exchange) => exchange.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const { status } of mine) statuses[status] = (statuses[status] ?? 0) + 1;
    return { traffic, requests: mine.length, rps: Math.round(mine.length / seconds), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), statuses };
  });
}

/** How many times each marker is stored: prayer requests by title, contact forms by message, paid gifts by description. */
async function storedMarkers(db: pg.Client, kind: WriteKind, prefix: string): Promise<Map<string, number>> {
  const sql = {
    'prayer request': `SELECT title AS marker, count(*)::int AS n FROM prayer_requests WHERE title LIKE $1 GROUP BY title`,
    'contact form': `SELECT message AS marker, count(*)::int AS n FROM contact_enquiries WHERE message LIKE $1 GROUP BY message`,
    donation: `SELECT description AS marker, count(*)::int AS n FROM donations WHERE description LIKE $1 AND status = 'Paid' GROUP BY description`,
  }[kind];
  const { rows } = await db.query<{ marker: string; n: number }>(sql, [`${prefix}%`]);
  return new Map(rows.map(({ marker, n }) => [marker, n]));
}

export async function runEasterPeak({ seconds, concurrency, members: memberCount, log = () => undefined }: EasterOptions): Promise<EasterReport> {
  const runId = `easter-${Date.now().toString(36)}`;
  let postgres: TestPostgres | undefined;
  let nginx: Nginx | undefined;
  let db: pg.Client | undefined;
  const sites: Site[] = [];
  const crowd = { setup: undefined as Crowd | undefined, run: undefined as Crowd | undefined };
  /** When the mix stops; the people in flight stop too if anything fails. */
  let until = 0;
  try {
    postgres = await startPostgres();
    const owner = new pg.Client({ connectionString: postgres.url });
    await owner.connect();
    await owner.query('CREATE DATABASE ministry');
    await owner.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/ministry');

    const ports = [await freePort(), await freePort(), await freePort()];
    nginx = await startNginx(ports.map((port) => `127.0.0.1:${port}`));
    // What every instance shares, as in production: the database, the secrets, the public address, one proxy in front.
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      JWT_SECRET: randomBytes(48).toString('base64'),
      PAYPAL_EMULATOR_SECRET: randomBytes(48).toString('base64'),
      PUBLIC_URL: nginx.url,
      TRUST_PROXY: '1',
      SQL_COUNT_HEADER: 'false',
    };
    log('starting three instances…');
    sites.push(await startSite({ ...env, PORT: String(ports[0]) }));
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await seedVolume(db, VOLUME);
    // One uploads folder for all, as a shared volume or a bucket would be.
    sites.push(...(await Promise.all(ports.slice(1).map((port) => startSite({ ...env, PORT: String(port) }, sites[0].dataDir)))));

    crowd.setup = new Crowd(nginx.url);
    const reads = await visitorReads(db);
    for (const read of reads) {
      const answer = await crowd.setup.send('visitor', { address: personAddress(1, 1) }, visitorCall(read));
      if (answer.status !== 200) throw new Error(`${JSON.stringify(read)} answered ${answer.status} before the run: ${answer.body.slice(0, 300)}`);
    }
    log(`signing up ${memberCount} members…`);
    const members: Person[] = [];
    for (let n = 1; n <= memberCount; n++) members.push(await signUp(crowd.setup, personAddress(2, n), n));

    const run = new Crowd(nginx.url);
    crowd.run = run;
    const sent: Record<WriteKind, string[]> = { 'prayer request': [], 'contact form': [], donation: [] };
    const acknowledged = new Set<string>();
    let writes = 0;
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const write = async () => {
      const kind = WRITE_KINDS[writes++ % WRITE_KINDS.length];
      const marker = `${runId} ${kind} ${writes}`;
      sent[kind].push(marker);
      const done =
        kind === 'contact form'
          ? await contactForm(run, { address: personAddress(1, 1 + Math.floor(Math.random() * VISITORS)) }, marker)
          : await (kind === 'donation' ? donation : prayerRequest)(run, pick(members), marker);
      if (done) acknowledged.add(marker);
    };
    const step = async () => {
      const roll = Math.random();
      if (roll < MIX[0][1]) await run.send('visitor', { address: personAddress(1, 1 + Math.floor(Math.random() * VISITORS)) }, visitorCall(pick(reads)));
      else if (roll < MIX[0][1] + MIX[1][1]) await run.send('member', pick(members), pick(MEMBER_READS));
      else await write();
    };

    log(`running the mix for ${seconds} s with ${concurrency} people at once; the second instance is killed at ${Math.round(seconds * KILL_AT)} s`);
    const started = Date.now();
    until = started + seconds * 1000;
    const workers = Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) await step();
    });

    await sleep(seconds * KILL_AT * 1000);
    const killedAt = Date.now();
    // However long the restart takes, the mix goes on until the instance is back.
    until = Infinity;
    process.kill(pidOnPort(ports[1]), 'SIGKILL');
    while (sites[1].running()) await sleep(20);
    await sites[1].stop({ keepData: true });
    // A supervisor (systemd, the container runtime) starts it again a moment later.
    await sleep(1_000);
    sites[1] = await startSite({ ...env, PORT: String(ports[1]) }, sites[0].dataDir);
    const restartedAt = Date.now();
    log(`the killed instance answers again after ${((restartedAt - killedAt) / 1000).toFixed(1)} s`);
    const killed = `127.0.0.1:${ports[1]}`;
    const lastTried = (line: ProxiedRequest) => line.upstreams.split(', ').at(-1);
    const balancer = nginx;
    const servedAfterRestart = () => balancer.requests().filter((line) => line.atMs > restartedAt && line.status < 300 && lastTried(line) === killed).length;
    while (servedAfterRestart() < SERVED_AFTER_RESTART && Date.now() < restartedAt + AFTER_RESTART_MAX_MS) await sleep(250);
    until = Math.max(started + seconds * 1000, Date.now());
    await Promise.all(workers);
    const ranFor = (Date.now() - started) / 1000;

    const writeReports: WriteReport[] = [];
    for (const kind of WRITE_KINDS) {
      const stored = await storedMarkers(db, kind, `${runId} ${kind} `);
      const mine = sent[kind];
      writeReports.push({
        kind,
        sent: mine.length,
        acknowledged: mine.filter((marker) => acknowledged.has(marker)).length,
        lost: mine.filter((marker) => acknowledged.has(marker) && !stored.has(marker)).length,
        duplicated: [...stored.values()].filter((n) => n > 1).length,
        storedUnacknowledged: mine.filter((marker) => !acknowledged.has(marker) && stored.has(marker)).length,
      });
    }
    // An answer nginx had begun passing on when its instance went away: logged "while reading upstream", naming it.
    const cut = nginx.errors().filter((line) => line.includes('while reading upstream'));
    const cutByTheKill = cut.filter((line) => line.includes(`upstream: "http://${killed}/`)).length;
    return {
      date: new Date().toISOString(),
      seconds: Number(ranFor.toFixed(1)),
      concurrency,
      pages: reads.length,
      members: members.length,
      classes: classReports(run.exchanges, ranFor),
      writes: writeReports,
      kill: {
        killedAt: Number(((killedAt - started) / 1000).toFixed(1)),
        backAfter: Number(((restartedAt - killedAt) / 1000).toFixed(1)),
        servedAfterRestart: servedAfterRestart(),
        cutByTheKill,
        cutOtherwise: cut.length - cutByTheKill,
      },
      problems: run.problems,
      upstreamErrors: nginx.errors().filter((line) => line.includes('upstream')).length,
    };
  } finally {
    until = 0;
    crowd.setup?.close();
    crowd.run?.close();
    await db?.end().catch(() => undefined);
    for (const site of sites) await site.stop({ keepData: true });
    await sites[0]?.stop();
    await nginx?.stop();
    await postgres?.stop();
  }
}
