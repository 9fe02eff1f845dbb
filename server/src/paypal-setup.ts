import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { openPayPalEmulator, type PayPalEmulator } from '@ministry/paypal-emulator';
import type { Server } from 'node:http';
import { PERMISSION } from '@ministry/shared';
import { AuthService } from './auth/index.js';
import type { PayPalClientOptions } from './commerce/index.js';
import { can } from './access/permissions.js';
import type { AppConfig } from './config/app-config.js';

/** Where the emulator is mounted: its approve links, and so the browser, come here. */
const EMULATOR_PATH = '/paypal-emulator';
/** The shop's webhook endpoint, where the emulator delivers events as PayPal would. */
const WEBHOOK_PATH = '/api/paypal/webhook';
/** The pages that show PayPal's buttons (the cart, the review before paying, giving): only they load PayPal's script. */
const BUTTON_PAGES = new Set(['/user/cart-page', '/user/paypal-payment', '/user/make-donations']);
/** A program's page, where paid places are booked and paid for. */
const EVENT_PAGE = /^\/post-details\/[1-9]\d*$/;
/** Where PayPal's JS SDK and the scripts it loads come from. */
const PAYPAL_SCRIPT_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * Which PayPal the shop talks to. With credentials, PayPal itself. Without, the PayPal emulator package: its
 * state in its own schema of this app's database, its HTTP side mounted in this app, and the shop's PayPal client
 * reaching it over HTTP at the app's own address, as it reaches PayPal. Nothing in the product knows it is there.
 */
export class PayPalSetup implements OnApplicationShutdown {
  private server?: Server;

  private constructor(
    private readonly config: AppConfig,
    private readonly emulator?: PayPalEmulator,
  ) {}

  static async open(config: AppConfig, databaseUrl: string): Promise<PayPalSetup> {
    if (config.paypal.clientId) return new PayPalSetup(config);
    const logger = new Logger('PayPalEmulator');
    const emulator = await openPayPalEmulator({ databaseUrl, secret: config.paypal.emulatorSecret!, warn: (message) => logger.warn(message) });
    return new PayPalSetup(config, emulator);
  }

  /** The settings of the shop's PayPal client. */
  get client(): PayPalClientOptions {
    const { paypal } = this.config;
    if (!this.emulator) {
      return {
        baseUrl: () => paypal.apiBase,
        clientId: paypal.clientId!,
        clientSecret: paypal.clientSecret!,
        webhookId: paypal.webhookId,
        timeoutMs: paypal.timeoutMs,
        testPayments: false,
        publicClientId: paypal.clientId,
      };
    }
    const { credentials } = this.emulator;
    return {
      baseUrl: () => `${this.ownOrigin()}${EMULATOR_PATH}`,
      ...credentials,
      timeoutMs: paypal.timeoutMs,
      testPayments: true,
      // The buttons load the emulator's stand-in for PayPal's JS SDK, from this site (so `'self'` in the CSP covers it).
      publicClientId: credentials.clientId,
      sdkUrl: `${EMULATOR_PATH}/sdk/js`,
    };
  }

  /**
   * The script sources a page's CSP adds for PayPal's buttons: PayPal's origins on the pages that show them, and
   * nowhere else. The emulator's stand-in comes from this site, which `'self'` already allows.
   */
  scriptSources(path: string): string[] {
    if (this.emulator) return [];
    const page = path.toLowerCase().replace(/\/+$/, '');
    return BUTTON_PAGES.has(page) || EVENT_PAGE.test(page) ? PAYPAL_SCRIPT_ORIGINS : [];
  }

  /** Mounts the emulator, when it runs, ahead of the web app (which would otherwise take its paths). */
  mount(app: NestExpressApplication): void {
    if (!this.emulator) return;
    this.server = app.getHttpServer();
    const auth = app.get(AuthService);
    const production = this.config.nodeEnv === 'production';
    const router = this.emulator.router({
      publicUrl: this.config.publicUrl,
      webhookUrl: () => `${this.ownOrigin()}${WEBHOOK_PATH}`,
      // Its dashboard and controls settle and refund anyone's order: on a production demo they are an Admin's only
      // (Finance refunds through the shop, which asks PayPal).
      allowTools: async (req) => !production || can(await auth.userForAuthorization(req.headers.authorization), PERMISSION.paymentsEmulatorTools),
    });
    app.use(EMULATOR_PATH, router);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.emulator?.close();
  }

  /**
   * The address this process listens on, as seen from itself (`http://127.0.0.1:3000`). Unlike PUBLIC_URL it
   * never goes through a proxy, and it is only known once the server listens, so it is read on every call.
   */
  private ownOrigin(): string {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port yet');
    const wildcard = address.address === '0.0.0.0' || address.address === '::' || address.address === '';
    const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
}
