import { Logger } from '@nestjs/common';
import pg from 'pg';

export interface NotificationHandlers {
  /** A notification arrived on the channel, with its payload ('' when it has none). */
  notified(payload: string): void;
  /** Listening again after the connection was lost: notifications sent meanwhile were missed. */
  reconnected(): void;
  /** Listening, the first time or again: from now on no notification is missed. */
  listening?(): void;
  /** The connection was lost: notifications are missed until `listening`. */
  lost?(): void;
  /**
   * The connection answered a heartbeat sent at `since` (a `performance.now()` time): every notification sent
   * before then has arrived. Such proof is good for `NotificationListener.PROOF_MS`.
   */
  alive?(since: number): void;
}

/**
 * One dedicated connection that `LISTEN`s on a PostgreSQL channel. When the connection fails or ends (the
 * database restarts, the network drops) it logs, reconnects with back-off and tells the owner once it listens
 * again. A connection cut silently (a NAT or firewall dropping it) closes nothing and raises no error: a heartbeat
 * finds it, and it is treated as lost. It never throws into the process: every error is logged here.
 */
export class NotificationListener {
  private static readonly FIRST_DELAY_MS = 200;
  private static readonly MAX_DELAY_MS = 10_000;
  /** How often the connection is asked to answer: what is kept on the strength of it is trusted about this long. */
  static readonly HEARTBEAT_INTERVAL_MS = 2_000;
  /** A live connection to a live database answers `SELECT 1` in milliseconds; past this it is taken for cut. */
  static readonly HEARTBEAT_DEADLINE_MS = 2_000;
  /** How long an answered heartbeat vouches for the connection: the next one has answered, or failed, by then. */
  static readonly PROOF_MS = NotificationListener.HEARTBEAT_INTERVAL_MS + NotificationListener.HEARTBEAT_DEADLINE_MS;
  /** TCP keepalive too, so an idle NAT entry is not dropped and the kernel reports a dead peer. */
  private static readonly KEEPALIVE_DELAY_MS = 10_000;
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private delay = NotificationListener.FIRST_DELAY_MS;
  private lostOnce = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
    private readonly connectTimeoutMs: number,
    private readonly logger = new Logger('Notifications'),
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  }

  /** Connects and listens; on failure keeps retrying in the background (startup does not wait for it). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves once every notification sent before the call has arrived: the connection answered a query sent after
   * it. At once when it cannot (not connected): nothing that depends on the notifications is trusted then.
   */
  async caughtUp(): Promise<void> {
    await this.client?.query('SELECT 1').catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: NotificationListener.KEEPALIVE_DELAY_MS,
    });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      clearTimeout(this.heartbeat);
      // With a heartbeat unanswered, `end` destroys the socket rather than wait on a peer that may never reply.
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.lostOnce = true;
      this.handlers.lost?.();
      this.logger.warn(`listening on ${this.channel} stopped (${error?.message ?? 'connection ended'}); reconnecting in ${this.delay} ms`);
      this.retry = setTimeout(() => void this.connect(), this.delay);
      this.retry.unref();
      this.delay = Math.min(this.delay * 2, NotificationListener.MAX_DELAY_MS);
    };
    // Attached before connecting and never removed: an 'error' event without a listener would crash the process.
    client.on('error', (error: Error) => onLost(error));
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.notified(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost) return;
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.delay = NotificationListener.FIRST_DELAY_MS;
    if (this.lostOnce) {
      this.logger.log(`listening on ${this.channel} again`);
      this.handlers.reconnected();
    }
    this.handlers.listening?.();
    this.beat(client, () => lost, onLost);
  }

  /** Asks the connection to answer every interval; no answer by the deadline is a lost connection. */
  private beat(client: pg.Client, isLost: () => boolean, onLost: (error: Error) => void) {
    this.heartbeat = setTimeout(() => {
      const since = performance.now();
      const deadline = setTimeout(() => onLost(new Error(`no answer to a heartbeat within ${NotificationListener.HEARTBEAT_DEADLINE_MS} ms`)), NotificationListener.HEARTBEAT_DEADLINE_MS);
      deadline.unref();
      client.query('SELECT 1').then(
        () => {
          clearTimeout(deadline);
          if (isLost() || this.stopped) return;
          this.handlers.alive?.(since);
          this.beat(client, isLost, onLost);
        },
        (error: Error) => {
          clearTimeout(deadline);
          onLost(error);
        },
      );
    }, NotificationListener.HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }
}
