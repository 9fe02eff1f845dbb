import { CanActivate, Controller, ExecutionContext, Get, Inject, Injectable, NotFoundException, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { can } from '../../access/permissions.js';
import type { AuthUser } from '../../access/auth-user.js';
import { Public } from '../../access/decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { CreateOrderRequest } from '../paypal/paypal.types.js';
import { checkoutPage, dashboardPage, notFoundPage } from './emulator.pages.js';
import { Answer, CAPTURE_SCENARIOS, CaptureScenario, EMULATOR_EVENTS, EMULATOR_PATH, EmulatorEventType, PayPalEmulator, SignedEvent } from './emulator.service.js';

/**
 * The dashboard and the controls can settle or refund anyone's order: outside development and tests (a public
 * demo in production) they are an admin's tools, and anyone else is told there is nothing here.
 */
@Injectable()
class AdminToolsGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (this.config.nodeEnv !== 'production' || can(request.user, 'finance:manage')) return true;
    throw new NotFoundException();
  }
}

const send = (res: Response, answer: Answer) => {
  res.status(answer.status).setHeader('Cache-Control', 'no-store').json(answer.body);
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

const isScenario = (value: unknown): value is CaptureScenario => CAPTURE_SCENARIOS.includes(value as CaptureScenario);
const isEvent = (value: unknown): value is EmulatorEventType => EMULATOR_EVENTS.includes(value as EmulatorEventType);

/**
 * The emulator over HTTP, at `/paypal-emulator`: PayPal's REST paths under `v1/` and `v2/` (bearer token from
 * `v1/oauth2/token` required), the approval page `checkoutnow`, a page of recent orders with buttons that send
 * webhook events, and for tests `control/`: `GET control/stats`, `GET control/orders/:id` (the order, its
 * scenario and the capture and read calls it received), `POST control/orders/:id/scenario {capture}`,
 * `POST control/orders/:id/events {event_type, deliver}`, `POST control/events/:id/resend` and
 * `POST control/settings {tokenLifetimeSeconds}`. Registered only when no PayPal credentials are configured, so
 * with real credentials every path here answers 404; in production the dashboard and controls answer 404 to
 * anyone but an admin, and the approval page needs the key of the approve link it was given.
 */
@Public()
@Controller('paypal-emulator')
export class PayPalEmulatorController {
  constructor(private readonly emulator: PayPalEmulator) {}

  @Post('v1/oauth2/token')
  token(@Req() req: Request, @Res() res: Response) {
    send(res, this.emulator.issueToken(req.get('authorization'), body(req).grant_type));
  }

  @Post('v2/checkout/orders')
  createOrder(@Req() req: Request, @Res() res: Response) {
    send(res, this.authorised(req) ?? this.emulator.createOrder(req.body as CreateOrderRequest, req.get('paypal-request-id')));
  }

  @Get('v2/checkout/orders/:id')
  getOrder(@Req() req: Request, @Res() res: Response) {
    send(res, this.authorised(req) ?? this.emulator.getOrder(String(req.params.id)));
  }

  @Post('v2/checkout/orders/:id/capture')
  capture(@Req() req: Request, @Res() res: Response) {
    send(res, this.authorised(req) ?? this.emulator.captureOrder(String(req.params.id), req.get('paypal-request-id')));
  }

  @Post('v2/payments/captures/:id/refund')
  refund(@Req() req: Request, @Res() res: Response) {
    send(res, this.authorised(req) ?? this.emulator.refundCapture(String(req.params.id), req.get('paypal-request-id')));
  }

  @Post('v1/notifications/verify-webhook-signature')
  verify(@Req() req: Request, @Res() res: Response) {
    send(res, this.authorised(req) ?? this.emulator.verifyWebhookSignature(body(req)));
  }

  private authorised(req: Request): Answer | undefined {
    return this.emulator.checkToken(req.get('authorization'));
  }

  // The buyer's side

  @Get('checkoutnow')
  checkout(@Req() req: Request, @Res() res: Response) {
    const view = this.emulator.checkoutView(text(req.query.token), text(req.query.key));
    res.setHeader('Cache-Control', 'no-store');
    if (!view) return res.status(404).type('html').send(notFoundPage());
    res.type('html').send(checkoutPage(view));
  }

  @Post('checkoutnow')
  decide(@Req() req: Request, @Res() res: Response) {
    const form = body(req);
    const [token, key] = [text(form.token), text(form.key)];
    const target =
      form.action === 'cancel'
        ? this.emulator.cancel(token, key)
        : this.emulator.approve(token, key, isScenario(form.outcome) ? form.outcome : undefined);
    if (!target) return res.status(404).type('html').send(notFoundPage());
    res.redirect(303, target);
  }

  @UseGuards(AdminToolsGuard)
  @Get()
  dashboard(@Req() req: Request, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(dashboardPage(this.emulator, typeof req.query.notice === 'string' ? req.query.notice : undefined));
  }

  @UseGuards(AdminToolsGuard)
  @Post('dashboard/events')
  async dashboardEvent(@Req() req: Request, @Res() res: Response) {
    const form = body(req);
    const type = form.event_type;
    let notice: string;
    if (!isEvent(type)) {
      notice = 'Unknown event type';
    } else {
      const prepared = this.emulator.prepareEvent(text(form.order), type);
      if (prepared.status !== 201) {
        notice = `Not sent: ${JSON.stringify(prepared.body)}`;
      } else {
        const delivery = await this.emulator.deliver(prepared.body as SignedEvent);
        notice = `${type} sent; the shop answered ${delivery.status}`;
      }
    }
    res.redirect(303, `${EMULATOR_PATH}/?notice=${encodeURIComponent(notice)}`);
  }

  // Controls for tests

  @UseGuards(AdminToolsGuard)
  @Get('control/stats')
  stats(@Res() res: Response) {
    send(res, { status: 200, body: this.emulator.stats() });
  }

  @UseGuards(AdminToolsGuard)
  @Get('control/orders/:id')
  inspect(@Req() req: Request, @Res() res: Response) {
    const found = this.emulator.inspect(String(req.params.id));
    send(res, found ? { status: 200, body: found } : { status: 404, body: { message: 'no such order' } });
  }

  @UseGuards(AdminToolsGuard)
  @Post('control/orders/:id/scenario')
  scenario(@Req() req: Request, @Res() res: Response) {
    const { capture } = body(req);
    if (!isScenario(capture)) return send(res, { status: 400, body: { message: `capture must be one of ${CAPTURE_SCENARIOS.join(', ')}` } });
    const found = this.emulator.setScenario(String(req.params.id), capture);
    send(res, found ? { status: 200, body: { capture } } : { status: 404, body: { message: 'no such order' } });
  }

  /** Sends (or with `deliver: false`, only signs) an event; answers the signed event and the shop's answer. */
  @UseGuards(AdminToolsGuard)
  @Post('control/orders/:id/events')
  async event(@Req() req: Request, @Res() res: Response) {
    const { event_type: type, deliver } = body(req);
    if (!isEvent(type)) return send(res, { status: 400, body: { message: `event_type must be one of ${EMULATOR_EVENTS.join(', ')}` } });
    const prepared = this.emulator.prepareEvent(String(req.params.id), type);
    if (prepared.status !== 201) return send(res, prepared);
    const signed = prepared.body as SignedEvent;
    const delivery = deliver === false ? undefined : await this.emulator.deliver(signed);
    send(res, { status: 201, body: { ...signed, delivery } });
  }

  /** Sends a stored event again with a fresh transmission signature, as PayPal retries and resends. */
  @UseGuards(AdminToolsGuard)
  @Post('control/events/:id/resend')
  async resend(@Req() req: Request, @Res() res: Response) {
    const signed = this.emulator.resignEvent(String(req.params.id));
    if (!signed) return send(res, { status: 404, body: { message: 'no such event' } });
    send(res, { status: 201, body: { ...signed, delivery: await this.emulator.deliver(signed) } });
  }

  @UseGuards(AdminToolsGuard)
  @Post('control/settings')
  settings(@Req() req: Request, @Res() res: Response) {
    const seconds = Number(body(req).tokenLifetimeSeconds);
    if (!Number.isInteger(seconds) || seconds < 1) return send(res, { status: 400, body: { message: 'tokenLifetimeSeconds must be a whole number of seconds' } });
    this.emulator.setTokenLifetime(seconds);
    send(res, { status: 200, body: { tokenLifetimeSeconds: seconds } });
  }
}
