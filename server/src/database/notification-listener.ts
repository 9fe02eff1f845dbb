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
}

/**
 * One dedicated connection that `LISTEN`s on a PostgreSQL channel. When the connection fails or ends (the
 * database restarts, the network drops) it logs, reconnects with back-off and tells the owner once it listens
 * again. It never throws into the process: every error is logged here.
 */
export class NotificationListener {
  private static readonly FIRST_DELAY_MS = 200;
  private static readonly MAX_DELAY_MS = 10_000;
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;
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
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.connectTimeoutMs, keepAlive: true });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
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
  }
}
