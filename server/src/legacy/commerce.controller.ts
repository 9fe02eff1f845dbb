import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { Response } from 'express';
import type { User } from '../auth/entities/user.entity.js';
import { UsersService } from '../auth/users.service.js';
import type { AuthUser } from '../access/auth-user.js';
import { requireSelf } from '../access/ownership.js';
import { CurrentUser, Can } from '../access/decorators.js';
import { RateLimit } from '../common/rate-limit.js';
import type { Donation } from '../commerce/donations/donation.entity.js';
import { DonationService } from '../commerce/donations/donation.service.js';
import { MAX_DESCRIPTION } from '../commerce/donations/dto/donation.args.js';
import type { BookOrder } from '../commerce/orders/book-order.entity.js';
import { BookOrderService } from '../commerce/orders/book-order.service.js';
import { PAYPAL_ORDER_ID, PAYPAL_ORDER_ID_MESSAGE } from '../commerce/payments/capture.args.js';
import type { PaymentRecord } from '../commerce/payments/payment-record.js';
import { PaymentOutcome } from '../commerce/payments/payment-result.js';
import { CHECKOUTS_PER_ADDRESS, Settlement } from '../commerce/payments/payments.service.js';

const AMOUNT_MESSAGE = 'amount must be a number';

class CreateOrderBody {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AMOUNT_MESSAGE })
  @Type(() => Number)
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title is required' })
  title: string;

  @IsOptional()
  @IsIn(['GBP', 'gbp'], { message: 'Books are sold in GBP' })
  currency?: string;
}

class CaptureBody {
  @Matches(PAYPAL_ORDER_ID, { message: PAYPAL_ORDER_ID_MESSAGE })
  @IsString({ message: PAYPAL_ORDER_ID_MESSAGE })
  @IsNotEmpty({ message: 'orderID is required' })
  orderID: string;

  @IsInt({ message: 'usersId must be your user id' })
  @Type(() => Number)
  @IsNotEmpty({ message: 'usersId is required' })
  usersId: number;
}

class CaptureOrderBody extends CaptureBody {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price must be a number' })
  @Type(() => Number)
  price?: number;

  @IsOptional()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsString({ message: 'title must be text' })
  title?: string;
}

class DonationCreateBody {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AMOUNT_MESSAGE })
  @Type(() => Number)
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @IsString({ message: 'currency must be GBP or USD' })
  @IsNotEmpty({ message: 'currency is required' })
  currency: string;

  @IsOptional()
  @MaxLength(MAX_DESCRIPTION, { message: `description must be at most ${MAX_DESCRIPTION} characters` })
  @IsString({ message: 'description must be text' })
  description?: string;
}

class DonationCaptureBody extends CaptureBody {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AMOUNT_MESSAGE })
  @Type(() => Number)
  amount?: number;

  @IsOptional()
  @MaxLength(MAX_DESCRIPTION, { message: `description must be at most ${MAX_DESCRIPTION} characters` })
  @IsString({ message: 'description must be text' })
  description?: string;
}

/** A created checkout as the legacy client reads it: `id` is the PayPal order id, as PayPal answers it. */
const checkout = (record: PaymentRecord) => ({
  id: record.paypalOrderId,
  status: 'CREATED',
  links: [{ href: record.approveUrl, rel: 'approve', method: 'GET' }],
  approveUrl: record.approveUrl,
  recordId: record.id,
});

const legacyBuyer = (user: User | undefined, withState: boolean) =>
  user
    ? {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        phone: user.phone,
        country: user.country,
        ...(withState ? { state: user.state } : {}),
      }
    : null;

const legacyDonation = (donation: Donation, user?: User) => ({
  id: donation.id,
  orderID: donation.paypalOrderId,
  created_at: donation.createdAt,
  amount: donation.amount,
  currency: donation.currency,
  description: donation.description,
  status: donation.status,
  user: legacyBuyer(user, false),
});

const legacyBookOrder = (order: BookOrder, user?: User) => ({
  id: order.id,
  orderID: order.paypalOrderId,
  created_at: order.createdAt,
  price: order.total,
  amount: order.total,
  currency: order.currency,
  title: order.lines.map((line) => (line.quantity > 1 ? `${line.title} (${line.quantity})` : line.title)).join(', '),
  items: order.items,
  deliveryAddress: order.deliveryAddress,
  status: order.status,
  user: legacyBuyer(user, true),
});

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
    return checkout(await this.orders.createFromLegacy(caller, { amount: body.amount, title: body.title, currency: body.currency ?? 'GBP' }));
  }

  @Post('captureOrder')
  @HttpCode(200)
  async captureOrder(@CurrentUser() caller: AuthUser, @Body() body: CaptureOrderBody, @Res({ passthrough: true }) res: Response) {
    requireSelf(caller, body.usersId, 'usersId');
    const settlement = await this.orders.captureFromLegacy(caller, body);
    return captured(res, settlement, { order: legacyBookOrder(settlement.record) });
  }

  @RateLimit('checkout', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Post('donation-create-order')
  @HttpCode(200)
  async createDonation(@CurrentUser() caller: AuthUser, @Body() body: DonationCreateBody) {
    return checkout(await this.donations.create(caller, body));
  }

  @Post('donation-capture-order')
  @HttpCode(200)
  async captureDonation(@CurrentUser() caller: AuthUser, @Body() body: DonationCaptureBody, @Res({ passthrough: true }) res: Response) {
    requireSelf(caller, body.usersId, 'usersId');
    const settlement = await this.donations.captureFromLegacy(caller, body);
    return captured(res, settlement, { donation: legacyDonation(settlement.record) });
  }

  @Can('finance:read')
  @Get('all-donations')
  async allDonations(@CurrentUser() caller: AuthUser) {
    const donations = await this.donations.list(caller, { perPage: LEGACY_LIST_LIMIT });
    const users = await this.buyers(donations);
    return donations.map((donation) => legacyDonation(donation, users.get(donation.userId ?? 0)));
  }

  @Can('finance:read')
  @Get('all-bookshop-orders')
  async allBookshopOrders(@CurrentUser() caller: AuthUser) {
    const orders = await this.orders.list(caller, { perPage: LEGACY_LIST_LIMIT });
    const users = await this.buyers(orders);
    return orders.map((order) => legacyBookOrder(order, users.get(order.userId ?? 0)));
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
