/** Socket failures: the server is down, restarting, or out of reach. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery). */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

/** What node-postgres says when a connection drops or none could be had in time. */
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/;

/**
 * True when a failure means PostgreSQL cannot be reached just now (a crash, a restart, a failover), rather
 * than that the statement was wrong: the caller may retry the same request in a moment. Looks through the
 * wrappers TypeORM (`driverError`) and Node (`cause`) put around the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // `typeof`, not `instanceof Object`: Node's socket errors may come from another realm (a test runner's sandbox).
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    const wrapped = current as { driverError?: unknown; cause?: unknown };
    current = wrapped.driverError ?? wrapped.cause;
  }
  return false;
}
