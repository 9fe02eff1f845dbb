import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PERMISSION } from '@ministry/shared';
import { type User, UsersService } from '../auth/index.js';
import type { AuthUser } from '../access/auth-user.js';
import { requireSelf } from '../access/ownership.js';
import { CurrentUser, Can } from '../access/decorators.js';
import { toLegacyBookOrder, toLegacyCheckout, toLegacyDonation } from './shapes.js';
import { CaptureOrderBody, CreateOrderBody, DonationCaptureBody, DonationCreateBody } from './bodies/commerce.js';
import { RateLimit } from '../common/rate-limit.js';
import {
  BookOrderService,
  CHECKOUTS_PER_ADDRESS,
  DonationService,
  PaymentOutcome,
  type PaymentRecord,
  Settlement,
} from '../commerce/index.js';

/** The legacy lists answer the newest records, at most this many. */
const LEGACY_LIST_LIMIT = 1000;

/**
 * The spec's payment paths. Members only; `usersId` must be the caller. The server prices everything: a legacy
 * amount, price or title that does not match the database is refused before PayPal hears of it.
 */
@Controller('api')
export class LegacyCommerceController {
  constructor(
    private readonly orders: BookOrderService,
    private readonly donations: DonationService,
    private readonly users: UsersService,
  ) {}

  @RateLimit('checkout', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Post('createOrder')
  @HttpCode(200)
  async createOrder(@CurrentUser() caller: AuthUser, @Body() body: CreateOrderBody) {
    return toLegacyCheckout(await this.orders.createFromLegacy(caller, { amount: body.amount, title: body.title, currency: body.currency ?? 'GBP' }));
  }

  @Post('captureOrder')
  @HttpCode(200)
  async captureOrder(@CurrentUser() caller: AuthUser, @Body() body: CaptureOrderBody, @Res({ passthrough: true }) res: Response) {
    requireSelf(caller, body.usersId, 'usersId');
    const settlement = await this.orders.captureFromLegacy(caller, body);
    return captured(res, settlement, { order: toLegacyBookOrder(settlement.record) });
  }

  @RateLimit('checkout', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Post('donation-create-order')
  @HttpCode(200)
  async createDonation(@CurrentUser() caller: AuthUser, @Body() body: DonationCreateBody) {
    return toLegacyCheckout(await this.donations.create(caller, body));
  }

  @Post('donation-capture-order')
  @HttpCode(200)
  async captureDonation(@CurrentUser() caller: AuthUser, @Body() body: DonationCaptureBody, @Res({ passthrough: true }) res: Response) {
    requireSelf(caller, body.usersId, 'usersId');
    const settlement = await this.donations.captureFromLegacy(caller, body);
    return captured(res, settlement, { donation: toLegacyDonation(settlement.record) });
  }

  @Can(PERMISSION.financeRead)
  @Get('all-donations')
  async allDonations(@CurrentUser() caller: AuthUser) {
    const donations = await this.donations.list(caller, { perPage: LEGACY_LIST_LIMIT });
    const users = await this.buyers(donations);
    return donations.map((donation) => toLegacyDonation(donation, users.get(donation.userId ?? 0)));
  }

  @Can(PERMISSION.financeRead)
  @Get('all-bookshop-orders')
  async allBookshopOrders(@CurrentUser() caller: AuthUser) {
    const orders = await this.orders.list(caller, { perPage: LEGACY_LIST_LIMIT });
    const users = await this.buyers(orders);
    return orders.map((order) => toLegacyBookOrder(order, users.get(order.userId ?? 0)));
  }

  /** The buyers of a list in one query. */
  private async buyers(records: PaymentRecord[]): Promise<Map<number, User>> {
    const ids = [...new Set(records.map((record) => record.userId).filter((id): id is number => id !== null))];
    const users = ids.length ? await this.users.byIds(ids) : [];
    return new Map(users.map((user) => [user.id, user]));
  }
}

/** 200 when paid or pending; 402 with the legacy error shape when the buyer must approve again or start over. */
function captured<T>(res: Response, settlement: Settlement<T>, record: Record<string, unknown>) {
  const body = { status: settlement.outcome, message: settlement.message, approveUrl: settlement.approveUrl, ...record };
  if (settlement.outcome === PaymentOutcome.COMPLETED || settlement.outcome === PaymentOutcome.PENDING) return body;
  res.status(402);
  return { ...body, errors: [{ msg: settlement.message, path: '' }] };
}
