import { Logger } from '@nestjs/common';
import { PaymentGateway, PayPalError, PayPalUnavailableError } from './payment-gateway.js';
import {
  CreateOrderRequest,
  CreatePlanRequest,
  CreateProductRequest,
  CreateSubscriptionRequest,
  ErrorBody,
  Order,
  Plan,
  Product,
  Money,
  Refund,
  SaleRefund,
  Subscription,
  TokenResponse,
  WEBHOOK_HEADER_NAMES,
  WebhookHeaders,
} from './paypal.types.js';

export interface PayPalClientOptions {
  /** Resolved on every call: the emulator's address is only known once the server listens. */
  baseUrl: () => string;
  clientId: string;
  clientSecret: string;
  webhookId?: string;
  timeoutMs: number;
  testPayments: boolean;
  publicClientId?: string;
  sdkUrl?: string;
}

/** Refresh a token this long before PayPal says it expires (at most a tenth of its life). */
const TOKEN_MARGIN_MS = 5 * 60_000;

interface CachedToken {
  value: string;
  refreshAt: number;
}

interface Call {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A small typed client for PayPal's REST API over `fetch`. PayPal's own server SDK cannot be pointed at
 * another base URL, and the emulator must be driven by exactly this code, so this is our own.
 */
export class PayPalClient implements PaymentGateway {
  private readonly logger = new Logger('PayPal');
  private token?: CachedToken;
  private pendingToken?: Promise<string>;

  constructor(private readonly options: PayPalClientOptions) {}

  get testPayments(): boolean {
    return this.options.testPayments;
  }

  get publicClientId(): string | undefined {
    return this.options.publicClientId;
  }

  get sdkUrl(): string | undefined {
    return this.options.sdkUrl;
  }

  createOrder(request: CreateOrderRequest, requestId: string): Promise<Order> {
    return this.create<Order>('create order', '/v2/checkout/orders', request, requestId);
  }

  getOrder(orderId: string): Promise<Order> {
    return this.authorised<Order>({ operation: 'get order', method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(orderId)}` });
  }

  captureOrder(orderId: string, requestId: string): Promise<Order> {
    return this.authorised<Order>({
      operation: 'capture order',
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      body: '{}',
      headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    });
  }

  refundCapture(captureId: string, requestId: string, amount?: Money): Promise<Refund> {
    return this.authorised<Refund>({
      operation: 'refund capture',
      method: 'POST',
      path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      body: JSON.stringify(amount ? { amount } : {}),
      headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    });
  }

  getRefund(refundId: string): Promise<Refund> {
    return this.authorised<Refund>({ operation: 'get refund', method: 'GET', path: `/v2/payments/refunds/${encodeURIComponent(refundId)}` });
  }

  refundSale(saleId: string, amount: Money, requestId: string): Promise<SaleRefund> {
    return this.authorised<SaleRefund>({
      operation: 'refund sale',
      method: 'POST',
      path: `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`,
      body: JSON.stringify({ amount: { total: amount.value, currency: amount.currency_code } }),
      headers: { 'PayPal-Request-Id': requestId },
    });
  }

  getSaleRefund(refundId: string): Promise<SaleRefund> {
    return this.authorised<SaleRefund>({ operation: 'get sale refund', method: 'GET', path: `/v1/payments/refund/${encodeURIComponent(refundId)}` });
  }

  createProduct(request: CreateProductRequest, requestId: string): Promise<Product> {
    return this.create<Product>('create product', '/v1/catalogs/products', request, requestId);
  }

  createPlan(request: CreatePlanRequest, requestId: string): Promise<Plan> {
    return this.create<Plan>('create plan', '/v1/billing/plans', request, requestId);
  }

  createSubscription(request: CreateSubscriptionRequest, requestId: string): Promise<Subscription> {
    return this.create<Subscription>('create subscription', '/v1/billing/subscriptions', request, requestId);
  }

  getSubscription(subscriptionId: string): Promise<Subscription> {
    return this.authorised<Subscription>({ operation: 'get subscription', method: 'GET', path: `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}` });
  }

  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.authorised<unknown>({
      operation: 'cancel subscription',
      method: 'POST',
      path: `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
      body: JSON.stringify({ reason }),
    });
  }

  async verifyWebhookSignature(headers: WebhookHeaders, rawBody: string): Promise<boolean> {
    if (!this.options.webhookId) {
      this.logger.warn('a webhook arrived but PAYPAL_WEBHOOK_ID is not set, so it cannot be verified; it was refused');
      return false;
    }
    if (WEBHOOK_HEADER_NAMES.some((name) => !headers[name])) return false;
    // The event goes back byte for byte: PayPal's signature covers the exact body it sent, and parsing and
    // re-serialising it could change it.
    const fields = [
      `"auth_algo":${JSON.stringify(headers['paypal-auth-algo'])}`,
      `"cert_url":${JSON.stringify(headers['paypal-cert-url'])}`,
      `"transmission_id":${JSON.stringify(headers['paypal-transmission-id'])}`,
      `"transmission_sig":${JSON.stringify(headers['paypal-transmission-sig'])}`,
      `"transmission_time":${JSON.stringify(headers['paypal-transmission-time'])}`,
      `"webhook_id":${JSON.stringify(this.options.webhookId)}`,
      `"webhook_event":${rawBody}`,
    ];
    const answer = await this.authorised<{ verification_status?: string }>({
      operation: 'verify webhook signature',
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      body: `{${fields.join(',')}}`,
    });
    return answer.verification_status === 'SUCCESS';
  }

  private create<T>(operation: string, path: string, request: object, requestId: string): Promise<T> {
    return this.authorised<T>({
      operation,
      method: 'POST',
      path,
      body: JSON.stringify(request),
      headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    });
  }

  /** A bearer-token call; a token PayPal no longer accepts is replaced once. */
  private async authorised<T>(call: Call): Promise<T> {
    const first = await this.send(call, `Bearer ${await this.accessToken()}`);
    if (first.status !== 401) return this.read<T>(call, first);
    await first.body?.cancel();
    this.token = undefined;
    return this.read<T>(call, await this.send(call, `Bearer ${await this.accessToken()}`));
  }

  /** The OAuth client-credentials token, cached until shortly before it expires; callers share one fetch. */
  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.refreshAt) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const call: Call = {
      operation: 'get access token',
      method: 'POST',
      path: '/v1/oauth2/token',
      body: 'grant_type=client_credentials',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    };
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const answer = await this.read<TokenResponse>(call, await this.send(call, `Basic ${basic}`));
    if (typeof answer.access_token !== 'string' || !(answer.expires_in > 0)) {
      throw new PayPalUnavailableError(call.operation, 'the token response has no access_token or expires_in');
    }
    const lifetimeMs = answer.expires_in * 1000;
    const requestedAt = Date.now();
    this.token = { value: answer.access_token, refreshAt: requestedAt + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 10) };
    return answer.access_token;
  }

  private async send(call: Call, authorization: string): Promise<Response> {
    const url = `${this.options.baseUrl()}${call.path}`;
    try {
      return await fetch(url, {
        method: call.method,
        body: call.body,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...call.headers, Authorization: authorization },
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : `could not reach ${new URL(url).origin}: ${describeFetchError(error)}`;
      throw new PayPalUnavailableError(call.operation, reason);
    }
  }

  private async read<T>(call: Call, response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new PayPalUnavailableError(call.operation, `the answer was cut off: ${describeFetchError(error)}`);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new PayPalUnavailableError(call.operation, `answered ${response.status} with a body that is not JSON`);
    }
    if (response.status >= 500) {
      throw new PayPalUnavailableError(call.operation, `answered ${response.status}${(body as ErrorBody).debug_id ? ` (debug id ${(body as ErrorBody).debug_id})` : ''}`);
    }
    if (!response.ok) throw new PayPalError(call.operation, response.status, body as ErrorBody);
    return body as T;
  }
}

/** The most telling part of a fetch failure (`ECONNREFUSED` rather than "fetch failed"). */
function describeFetchError(error: unknown): string {
  // Not `instanceof Error`: undici's errors may come from another realm.
  const failure = error as { message?: string; cause?: { code?: string; message?: string } } | null;
  return failure?.cause?.code ?? failure?.cause?.message ?? failure?.message ?? String(error);
}
