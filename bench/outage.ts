// A database outage as visitors see it: pages they have been reading keep answering (stale) while PostgreSQL is
// stopped, and none is lost to a 503. `measureOutage` requests them in a loop while the database is down;
// `restartableDatabase` gives the site a database that can really be stopped and started again.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../e2e/support/harness.ts';

export interface OutageResult {
  requests: number;
  ok200: number;
  /** 200 answers older than their own `s-maxage`: given from a copy kept before the outage. */
  stale: number;
  /** Every other answer by status, and requests that got none as `error`. */
  other: Record<string, number>;
}

export interface OutageOptions {
  baseUrl: string;
  /** Visitors' paths already in the site's cache (asked for at least once). */
  paths: string[];
  database: { stop(): Promise<void>; start(): Promise<void> };
  /** How long the database stays down. */
  seconds?: number;
  connections?: number;
}

/** Whether an answer came from a copy past its freshness for shared caches (RFC 9111 `Age` and `s-maxage`). */
function isStale(response: Response): boolean {
  const age = Number(response.headers.get('age'));
  const fresh = /\bs-maxage=(\d+)/.exec(response.headers.get('cache-control') ?? '');
  return Number.isFinite(age) && fresh !== null && age > Number(fresh[1]);
}

/**
 * Stops the database, requests `paths` in a loop over `connections` connections for `seconds` while it is down,
 * then starts it again. Requests begin as the database begins to stop, so its shutdown is measured too.
 */
export async function measureOutage({ baseUrl, paths, database, seconds = 10, connections = 10 }: OutageOptions): Promise<OutageResult> {
  const result: OutageResult = { requests: 0, ok200: 0, stale: 0, other: {} };
  let running = true;
  const count = (status: string) => (result.other[status] = (result.other[status] ?? 0) + 1);
  const worker = async (first: number) => {
    for (let n = first; running; n++) {
      result.requests++;
      try {
        const response = await fetch(`${baseUrl}${paths[n % paths.length]}`, { headers: { 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        if (response.status !== 200) count(String(response.status));
        else {
          result.ok200++;
          if (isStale(response)) result.stale++;
        }
      } catch {
        count('error');
      }
    }
  };
  const workers = Array.from({ length: connections }, (_, n) => worker(n));
  try {
    await database.stop();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  } finally {
    running = false;
    await Promise.all(workers);
    await database.start();
  }
  return result;
}

export interface RestartableDatabase {
  /** The superuser's URL through the relay: give it to the site (and to anything else that must survive a restart). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The embedded PostgreSQL (`server/dist`, built) behind a TCP relay on a port of its own: it picks a new port at each
 * start, so the site reaches whichever server runs now through the relay. Stopped, it refuses connections and ends
 * those open, as a real restart does.
 */
export async function restartableDatabase(dataDir: string): Promise<RestartableDatabase> {
  const { startEmbeddedPostgres } = await import(join(ROOT, 'server/dist/database/embedded-postgres.js'));
  const first: { url: string; stop(): Promise<void> } = await startEmbeddedPostgres(dataDir);
  let database: typeof first | undefined = first;
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined).on('close', () => sockets.delete(client));
    if (!database) return client.destroy();
    const upstream = connect(Number(new URL(database.url).port), '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => client.destroy()).on('close', () => (sockets.delete(upstream), client.destroy()));
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(first.url);
  url.port = String((relay.address() as AddressInfo).port);

  const stop = async () => {
    const running = database;
    database = undefined;
    await running?.stop();
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: url.href,
    stop,
    async start() {
      database ??= await startEmbeddedPostgres(dataDir);
    },
    async close() {
      await stop();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
