import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Answer } from './answers.js';
import type { Billing, CycleResult } from './billing.js';
import type { Captures } from './captures.js';
import type { Checkout } from './checkout.js';
import type { Controls } from './controls.js';
import { isScenario, CAPTURE_SCENARIOS, type Addresses } from './order.js';
import type { OAuth } from './oauth.js';
import type { Orders } from './orders.js';
import { checkoutPage, dashboardPage, notFoundPage, subscriptionPage } from './pages.js';
import type { CreateOrderRequest, CreatePlanRequest, CreateProductRequest, CreateSubscriptionRequest } from './paypal-shapes.js';
import { CLIENT_ID } from './signer.js';
import { sdkScript, type SdkOrders } from './sdk.js';
import { isSaleEvent, SALE_EVENTS, type Sales } from './sales.js';
import { EMULATOR_EVENTS, isEvent, type SignedEvent, type Webhooks } from './webhooks.js';

export interface Parts {
  oauth: OAuth;
  orders: Orders;
  captures: Captures;
  webhooks: Webhooks;
  checkout: Checkout;
  controls: Controls;
  billing: Billing;
  sales: Sales;
  sdk: SdkOrders;
}

export interface RouterOptions {
  /** The site's public address: approve links and the buyer's redirects use it. */
  publicUrl: string;
  /** Whether this caller may use the dashboard and controls; anyone else is told there is nothing here. */
  allowTools: (req: Request) => boolean | Promise<boolean>;
  warn: (message: string) => void;
}

const send = (res: Response, answer: Answer) => {
  res.status(answer.status).setHeader('Cache-Control', 'no-store').json(answer.body);
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

/** A control's `amount` ("12.50") and `refund_id`, or what is wrong with them. */
function refundOptions(amount: unknown, refundId: unknown): { amount?: string; refundId?: string } | { message: string } {
  if (amount !== undefined && typeof amount !== 'string') return { message: 'amount must be a decimal string, e.g. "12.50"' };
  if (refundId !== undefined && typeof refundId !== 'string') return { message: 'refund_id must be the id of a refund' };
  return { amount, refundId };
}

/**
 * The emulator over HTTP, wherever it is mounted: PayPal's REST paths under `v1/` and `v2/` (bearer token from
 * `v1/oauth2/token` required), the approval page `checkoutnow`, a page of recent orders with buttons that send
 * webhook events, and for tests `control/`: `GET control/stats`, `GET control/orders/:id` (the order, its
 * scenario and the capture and read calls it received), `POST control/orders/:id/scenario {capture}`,
 * `POST control/orders/:id/events {event_type, deliver}`, `POST control/events/:id/resend` and
 * `POST control/orders/:id/refuse-refunds {count}` (the next `count` refunds answer 422 REFUND_FAILED_INSUFFICIENT_FUNDS),
 * `POST control/settings {tokenLifetimeSeconds}`; for subscriptions `GET control/subscriptions/:id`,
 * `POST control/subscriptions/:id/cycle {amount?, time?}` (takes the payment due, dated `time` if given) and `POST control/subscriptions/:id/fail-next`.
 * Refunds and chargebacks: `POST control/orders/:id/events {event_type: PAYMENT.CAPTURE.REFUNDED, amount?, refund_id?}`
 * or `PAYMENT.CAPTURE.REVERSED`, and `POST control/sales/:id/events {event_type: PAYMENT.SALE.REFUNDED|REVERSED, amount?, refund_id?}`.
 * The approval pages (`checkoutnow`, `subscribe`) need the key of the approve link they gave. `sdk/js` is a
 * stand-in for PayPal's JS SDK; its order calls (`sdk/orders/:id`) need that key too.
 */
export function emulatorRouter(parts: Parts, options: RouterOptions): express.Router {
  const { oauth, orders, captures, webhooks, checkout, controls, billing, sales, sdk } = parts;
  const router = express.Router();
  // PayPal's API reads JSON, OAuth and the pages read forms; nothing else in the app parses for us.
  router.use(express.json({ limit: '100kb' }), express.urlencoded({ extended: false, limit: '100kb' }));

  const addresses = (req: Request): Addresses => ({ api: `${req.protocol}://${req.get('host')}${req.baseUrl}`, buyer: `${options.publicUrl}${req.baseUrl}` });
  const home = (req: Request) => `${options.publicUrl}${req.baseUrl}/`;

  /** A call of PayPal's API: a good bearer token first, as PayPal asks. */
  const api = (handle: (req: Request) => Promise<Answer> | Answer): RequestHandler => async (req, res) => {
    send(res, oauth.checkToken(req.get('authorization')) ?? (await handle(req)));
  };

  router.post('/v1/oauth2/token', async (req, res) => send(res, await oauth.issueToken(req.get('authorization'), body(req).grant_type)));
  router.post('/v2/checkout/orders', api((req) => orders.create(req.body as CreateOrderRequest, req.get('paypal-request-id'), addresses(req))));
  router.get('/v2/checkout/orders/:id', api((req) => orders.get(String(req.params.id), addresses(req))));
  router.post('/v2/checkout/orders/:id/capture', api((req) => captures.capture(String(req.params.id), req.get('paypal-request-id'), addresses(req))));
  router.post('/v2/payments/captures/:id/refund', api((req) => captures.refund(String(req.params.id), req.get('paypal-request-id'), body(req).amount, addresses(req))));
  router.get('/v2/payments/captures/:id', api((req) => captures.getCapture(String(req.params.id), addresses(req))));
  router.get('/v2/payments/refunds/:id', api((req) => captures.getRefund(String(req.params.id))));
  router.post('/v1/payments/sale/:id/refund', api((req) => sales.refund(String(req.params.id), req.get('paypal-request-id'), body(req).amount, addresses(req))));
  router.get('/v1/payments/sale/:id', api((req) => sales.getSale(String(req.params.id))));
  router.get('/v1/payments/refund/:id', api((req) => sales.getRefund(String(req.params.id))));
  router.post('/v1/notifications/verify-webhook-signature', api((req) => webhooks.verify(body(req))));
  router.post('/v1/catalogs/products', api((req) => billing.createProduct(req.body as CreateProductRequest, addresses(req))));
  router.post('/v1/billing/plans', api((req) => billing.createPlan(req.body as CreatePlanRequest, addresses(req))));
  router.post('/v1/billing/subscriptions', api((req) => billing.createSubscription(req.body as CreateSubscriptionRequest, addresses(req))));
  router.get('/v1/billing/subscriptions/:id', api((req) => billing.getSubscription(String(req.params.id), addresses(req))));
  router.post('/v1/billing/subscriptions/:id/cancel', async (req, res) => {
    const answer = oauth.checkToken(req.get('authorization')) ?? (await billing.cancel(String(req.params.id), addresses(req)));
    // PayPal answers a cancel with 204 and no body.
    if (answer.status === 204) return res.status(204).setHeader('Cache-Control', 'no-store').end();
    send(res, answer);
  });

  // The buyer's side

  router.get('/checkoutnow', async (req, res) => {
    const view = await checkout.view(text(req.query.token), text(req.query.key));
    res.setHeader('Cache-Control', 'no-store');
    if (!view) return res.status(404).type('html').send(notFoundPage());
    res.type('html').send(checkoutPage(view, req.baseUrl));
  });

  router.post('/checkoutnow', async (req, res) => {
    const form = body(req);
    const [token, key] = [text(form.token), text(form.key)];
    const target =
      form.action === 'cancel'
        ? await checkout.cancel(token, key, home(req))
        : await checkout.approve(token, key, isScenario(form.outcome) ? form.outcome : undefined, home(req));
    if (!target) return res.status(404).type('html').send(notFoundPage());
    res.redirect(303, target);
  });

  router.get('/subscribe', async (req, res) => {
    const view = await billing.view(text(req.query.token), text(req.query.key));
    res.setHeader('Cache-Control', 'no-store');
    if (!view) return res.status(404).type('html').send(notFoundPage());
    res.type('html').send(subscriptionPage(view, req.baseUrl));
  });

  router.post('/subscribe', async (req, res) => {
    const form = body(req);
    const [token, key] = [text(form.token), text(form.key)];
    const target = form.action === 'cancel' ? await billing.decline(token, key, home(req)) : await billing.approve(token, key, home(req), addresses(req));
    if (!target) return res.status(404).type('html').send(notFoundPage());
    res.redirect(303, target);
  });

  // The JS SDK stand-in: PayPal answers an unknown client id with 400, and the page falls back to the redirect.
  router.get('/sdk/js', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (req.query['client-id'] !== CLIENT_ID) return res.status(400).type('text/javascript').send('throw new Error("unknown client-id");');
    res.type('text/javascript').send(sdkScript(req.baseUrl));
  });
  router.get('/sdk/orders/:id', async (req, res) => send(res, await sdk.show(String(req.params.id), text(req.query.key))));
  router.post('/sdk/orders/:id/approve', async (req, res) => send(res, await sdk.approve(String(req.params.id), text(body(req).key))));

  // The dashboard and the controls can settle or refund anyone's order: only for whom `allowTools` lets in.
  const tools = express.Router();
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (await options.allowTools(req)) return tools(req, res, next);
    next();
  });

  tools.get('/', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(dashboardPage(await controls.recentOrders(), await billing.recentSubscriptions(), req.baseUrl, text(req.query.notice) || undefined));
  });

  tools.post('/dashboard/events', async (req, res) => {
    const { order, event_type: type } = body(req);
    let notice: string;
    if (!isEvent(type)) {
      notice = 'Unknown event type';
    } else {
      const prepared = await webhooks.prepare(text(order), type, addresses(req));
      if (prepared.status !== 201) {
        notice = `Not sent: ${JSON.stringify(prepared.body)}`;
      } else {
        const delivery = await webhooks.deliver(prepared.body as SignedEvent);
        notice = `${type} sent; the shop answered ${delivery.status}`;
      }
    }
    res.redirect(303, `${req.baseUrl}/?notice=${encodeURIComponent(notice)}`);
  });

  tools.post('/dashboard/subscriptions', async (req, res) => {
    const { subscription, action } = body(req);
    const id = text(subscription);
    let notice: string;
    if (action === 'fail') {
      notice = (await billing.failNextPayment(id)) ? `The next payment of ${id} will fail` : 'No such subscription';
    } else {
      const cycle = await billing.runCycle(id, undefined, addresses(req));
      notice = cycle.status === 201 ? `Billing cycle run; the shop answered ${(cycle.body as CycleResult).delivery.status}` : `Not run: ${JSON.stringify(cycle.body)}`;
    }
    res.redirect(303, `${req.baseUrl}/?notice=${encodeURIComponent(notice)}`);
  });

  tools.get('/control/subscriptions/:id', async (req, res) => {
    const found = await billing.inspect(String(req.params.id), addresses(req));
    send(res, found ? { status: 200, body: found } : { status: 404, body: { message: 'no such subscription' } });
  });

  tools.post('/control/subscriptions/:id/cycle', async (req, res) => {
    const { amount, time } = body(req);
    if (amount !== undefined && typeof amount !== 'string') return send(res, { status: 400, body: { message: 'amount must be a decimal string, e.g. "12.50"' } });
    if (time !== undefined && typeof time !== 'string') return send(res, { status: 400, body: { message: 'time must be an ISO 8601 date-time' } });
    send(res, await billing.runCycle(String(req.params.id), amount, addresses(req), time === undefined ? undefined : new Date(time)));
  });

  tools.post('/control/subscriptions/:id/fail-next', async (req, res) => {
    const found = await billing.failNextPayment(String(req.params.id));
    send(res, found ? { status: 200, body: { nextPaymentFails: true } } : { status: 404, body: { message: 'no such subscription' } });
  });

  tools.get('/control/stats', async (_req, res) => send(res, { status: 200, body: await controls.stats() }));

  tools.get('/control/orders/:id', async (req, res) => {
    const found = await controls.inspect(String(req.params.id), addresses(req));
    send(res, found ? { status: 200, body: found } : { status: 404, body: { message: 'no such order' } });
  });

  tools.post('/control/orders/:id/scenario', async (req, res) => {
    const { capture } = body(req);
    if (!isScenario(capture)) return send(res, { status: 400, body: { message: `capture must be one of ${CAPTURE_SCENARIOS.join(', ')}` } });
    const found = await controls.setScenario(String(req.params.id), capture);
    send(res, found ? { status: 200, body: { capture } } : { status: 404, body: { message: 'no such order' } });
  });

  tools.post('/control/orders/:id/refuse-refunds', async (req, res) => {
    const count = body(req).count ?? 1;
    if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > 100) return send(res, { status: 400, body: { message: 'count must be a whole number from 0 to 100' } });
    const found = await controls.refuseRefunds(String(req.params.id), count as number);
    send(res, found ? { status: 200, body: { refuseRefunds: count } } : { status: 404, body: { message: 'no such order' } });
  });

  /**
   * Sends (or with `deliver: false`, only signs) an event; answers the signed event and the shop's answer. A
   * PAYMENT.CAPTURE.REFUNDED event may refund `amount` ("12.50") of the capture, or report `refund_id`, made before.
   */
  tools.post('/control/orders/:id/events', async (req, res) => {
    const { event_type: type, deliver, amount, refund_id: refundId } = body(req);
    if (!isEvent(type)) return send(res, { status: 400, body: { message: `event_type must be one of ${EMULATOR_EVENTS.join(', ')}` } });
    const options = refundOptions(amount, refundId);
    if ('message' in options) return send(res, { status: 400, body: options });
    const prepared = await webhooks.prepare(String(req.params.id), type, addresses(req), options);
    if (prepared.status !== 201) return send(res, prepared);
    const signed = prepared.body as SignedEvent;
    const delivery = deliver === false ? undefined : await webhooks.deliver(signed);
    send(res, { status: 201, body: { ...signed, delivery } });
  });

  /** Refunds (`amount` or all that is left, or reports `refund_id`) or reverses a subscription's payment, sending its event. */
  tools.post('/control/sales/:id/events', async (req, res) => {
    const { event_type: type, deliver, amount, refund_id: refundId } = body(req);
    if (!isSaleEvent(type)) return send(res, { status: 400, body: { message: `event_type must be one of ${SALE_EVENTS.join(', ')}` } });
    const options = refundOptions(amount, refundId);
    if ('message' in options) return send(res, { status: 400, body: options });
    const prepared = await sales.prepare(String(req.params.id), type, options, addresses(req));
    if (prepared.status !== 201) return send(res, prepared);
    const signed = prepared.body as SignedEvent;
    const delivery = deliver === false ? undefined : await webhooks.deliver(signed);
    send(res, { status: 201, body: { ...signed, delivery } });
  });

  /** Sends a kept event again with a fresh transmission signature, as PayPal retries and resends. */
  tools.post('/control/events/:id/resend', async (req, res) => {
    const signed = await webhooks.resign(String(req.params.id), addresses(req));
    if (!signed) return send(res, { status: 404, body: { message: 'no such event' } });
    send(res, { status: 201, body: { ...signed, delivery: await webhooks.deliver(signed) } });
  });

  tools.post('/control/settings', async (req, res) => {
    const seconds = Number(body(req).tokenLifetimeSeconds);
    if (!Number.isInteger(seconds) || seconds < 1) return send(res, { status: 400, body: { message: 'tokenLifetimeSeconds must be a whole number of seconds' } });
    await oauth.setTokenLifetime(seconds);
    send(res, { status: 200, body: { tokenLifetimeSeconds: seconds } });
  });

  router.use((_req: Request, res: Response) => {
    res.status(404).setHeader('Cache-Control', 'no-store').json({ message: 'Not Found' });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    // A body that is not JSON (or too large) is the caller's mistake; anything else is ours, a 5xx PayPal's clients retry.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, { status, body: { name: 'INVALID_REQUEST', message: 'The request body could not be read.' } });
    }
    options.warn(`answering 500: ${error instanceof Error ? error.message : String(error)}`);
    send(res, { status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' } });
  });
  return router;
}
