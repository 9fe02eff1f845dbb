import type { Request, Router } from 'express';
import pg from 'pg';
import { Billing } from './billing.js';
import { Captures } from './captures.js';
import { Checkout } from './checkout.js';
import { Controls } from './controls.js';
import { migrate } from './database/migrations.js';
import { Store } from './database/store.js';
import { OAuth } from './oauth.js';
import { Orders } from './orders.js';
import { emulatorRouter } from './router.js';
import { Sales } from './sales.js';
import { SdkOrders } from './sdk.js';
import { CLIENT_ID, Signer, WEBHOOK_ID } from './signer.js';
import { Webhooks } from './webhooks.js';

export interface PayPalEmulatorOptions {
  /** The PostgreSQL database it keeps its orders in, in a schema of its own (`paypal_emulator`). */
  databaseUrl: string;
  /** Signs tokens, approve links and webhooks; every instance on one database must be given the same. */
  secret: string;
  warn: (message: string) => void;
}

export interface MountOptions {
  /** The site's public address: approve links and the buyer's way back to the shop start there. */
  publicUrl: string;
  /** Where it delivers webhook events; asked on every delivery, as a server's address may only be known late. */
  webhookUrl: () => string;
  /** Whether a caller may use the dashboard and controls, which settle and refund anyone's order. */
  allowTools: (req: Request) => boolean | Promise<boolean>;
}

/** What a PayPal client needs to talk to the emulator, besides where it is mounted. */
export interface PayPalEmulatorCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export interface PayPalEmulator {
  credentials: PayPalEmulatorCredentials;
  /** Its HTTP side, to mount anywhere (`app.use('/paypal-emulator', emulator.router(...))`); it reads its own bodies. */
  router(options: MountOptions): Router;
  /** Closes its connections to the database; call it once the server no longer takes requests. */
  close(): Promise<void>;
}

/** The credentials the emulator given this secret accepts (for a client set up apart from it, as in tests). */
export function emulatorCredentials(secret: string): PayPalEmulatorCredentials {
  return { clientId: CLIENT_ID, clientSecret: new Signer(secret).clientSecret, webhookId: WEBHOOK_ID };
}

/**
 * A stand-in for PayPal: the same paths and JSON shapes for OAuth, Orders v2, refunds, Catalog Products and
 * Subscriptions v1 and webhook verification, approval pages, a stand-in for the JS SDK, and controls to reach every branch (declined, pending, already captured, signed webhooks).
 * Its state is in PostgreSQL, brought up to date here, so it outlives a restart and is shared by every instance
 * on the same database. No money ever moves.
 */
export async function openPayPalEmulator(options: PayPalEmulatorOptions): Promise<PayPalEmulator> {
  // A few connections of its own: it never waits on the shop's pool, and the shop never waits on it.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3, connectionTimeoutMillis: 10_000, application_name: 'paypal-emulator' });
  // An idle connection cut by a database restart: the pool drops it and opens a fresh one when asked.
  pool.on('error', (error) => options.warn(`idle connection lost: ${error.message}`));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const store = new Store(pool);
  const signer = new Signer(options.secret);
  return {
    credentials: emulatorCredentials(options.secret),
    router: (mount) => {
      const webhooks = new Webhooks(store, signer, mount.webhookUrl, options.warn);
      const checkout = new Checkout(store, signer);
      return emulatorRouter(
        {
          oauth: new OAuth(store, signer),
          orders: new Orders(store, signer),
          captures: new Captures(store, signer),
          webhooks,
          checkout,
          controls: new Controls(store, signer),
          billing: new Billing(store, signer, webhooks),
          sales: new Sales(store, webhooks),
          sdk: new SdkOrders(store, checkout),
        },
        { ...mount, warn: options.warn },
      );
    },
    close: () => pool.end(),
  };
}
