import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Can } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { RateLimit } from '../../common/rate-limit.js';
import { CaptureArgs } from '../payments/capture.args.js';
import { OrderUser } from '../payments/payment-record.js';
import { Checkout, PaymentResult } from '../payments/payment-result.js';
import { CHECKOUTS_PER_ADDRESS } from '../payments/payments.service.js';
import { BookOrder } from './book-order.entity.js';
import { BookOrderService } from './book-order.service.js';
import { AllBookOrdersArgs, CreateBookOrderArgs } from './dto/book-order.args.js';

@Resolver(() => BookOrder)
export class BookOrderResolver {
  constructor(private readonly orders: BookOrderService) {}

  @RateLimit('checkout', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Checkout, { description: 'Prices the cart from the database and starts a PayPal payment.' })
  async createBookOrder(@CurrentUser() caller: AuthUser, @Args() { items, deliveryAddress }: CreateBookOrderArgs): Promise<Checkout> {
    const order = await this.orders.create(caller, items, deliveryAddress);
    return { id: order.id, orderID: order.paypalOrderId!, approveUrl: order.approveUrl!, status: order.status };
  }

  @Mutation(() => PaymentResult, { description: 'Captures an approved order of the caller; calling it again answers the same result.' })
  async captureBookOrder(@CurrentUser() caller: AuthUser, @Args() { orderID }: CaptureArgs): Promise<PaymentResult> {
    const settlement = await this.orders.capture(caller, orderID);
    return { status: settlement.outcome, message: settlement.message, bookOrder: settlement.record, approveUrl: settlement.approveUrl };
  }

  @Query(() => BookOrder, { description: 'The owner, or staff with finance:read.' })
  BookOrder(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<BookOrder> {
    return this.orders.get(caller, toId(id));
  }

  @Query(() => [BookOrder], { description: 'Staff with finance:read see every order, a member their own.' })
  allBookOrders(@CurrentUser() caller: AuthUser, @Args() args: AllBookOrdersArgs): Promise<BookOrder[]> {
    return this.orders.list(caller, args, args.filter);
  }

  @Query(() => ListMetadata)
  async _allBookOrdersMeta(@CurrentUser() caller: AuthUser, @Args() args: AllBookOrdersArgs): Promise<ListMetadata> {
    return { count: await this.orders.count(caller, args.filter) };
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => BookOrder)
  markBookOrderShipped(@Args('id', { type: () => ID }) id: string): Promise<BookOrder> {
    return this.orders.markShipped(toId(id));
  }

  @Can(PERMISSION.financeManage)
  @Mutation(() => BookOrder, { description: 'Refunds the whole payment through PayPal.' })
  refundBookOrder(@Args('id', { type: () => ID }) id: string): Promise<BookOrder> {
    return this.orders.refund(toId(id));
  }

  @ResolveField(() => OrderUser, { nullable: true })
  user(@Parent() order: BookOrder, @Context() context: GraphQLContext) {
    return order.userId ? context.loaders.user.load(order.userId) : null;
  }
}
