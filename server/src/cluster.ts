import { Logger } from '@nestjs/common';
import cluster, { type Worker } from 'node:cluster';

/** How long workers get to finish their requests and close before the primary stops waiting. */
const STOP_MS = 20_000;

const listening = (worker: Worker) =>
  new Promise<void>((resolve, reject) => {
    worker.once('listening', () => resolve());
    worker.once('exit', (code, signal) => reject(new Error(`worker ${worker.process.pid} stopped before it listened (${signal ?? code})`)));
  });

const stopped = (worker: Worker) =>
  new Promise<void>((resolve) => {
    if (worker.isDead()) return resolve();
    worker.once('exit', () => resolve());
    worker.process.kill('SIGTERM');
  });

/**
 * The primary of a cluster: `count` workers each run the whole app on the shared port (Node hands connections out
 * in turn), as instances behind a load balancer do, so nothing else changes. The first starts alone, so one process
 * migrates and seeds a fresh database; a worker that dies later is replaced. SIGTERM or SIGINT stops every worker,
 * then `afterAll` (the embedded database).
 */
export async function runCluster(count: number, env: Record<string, string>, afterAll: () => Promise<void>): Promise<void> {
  const logger = new Logger('Cluster');
  let stopping = false;
  const fork = () => cluster.fork(env);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, stopping the workers`);
    setTimeout(() => process.exit(1), STOP_MS).unref();
    await Promise.all(Object.values(cluster.workers ?? {}).flatMap((worker) => (worker ? [stopped(worker)] : [])));
    await afterAll();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }

  try {
    await listening(fork());
  } catch (error) {
    logger.error(error instanceof Error ? error.message : String(error));
    await afterAll();
    process.exit(1);
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });
  const rest = Array.from({ length: count - 1 }, () => listening(fork()));
  await Promise.all(rest).then(
    () => logger.log(`${count} workers answer on the shared port`),
    (error: Error) => logger.error(error.message),
  );
}
