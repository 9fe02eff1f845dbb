import { Args, Context, Float, ID, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser } from '../access/decorators.js';
import { can } from '../access/permissions.js';
import type { GraphQLContext } from '../common/loaders.js';
import { formatMoney } from '../commerce/index.js';
import { Post } from '../content/index.js';
import { BookingCancellationService, CANCELLABLE } from './booking-cancellation.service.js';
import { BookingCheckoutService } from './booking-checkout.service.js';
import { BookingRecordsService } from './booking-records.service.js';
import { Booking, BookingCheckout, BookingOccurrenceView, type BookingRow } from './booking.entity.js';
import { ticketQrDataUrl } from './ticket.js';

/** What a booking shows beyond its columns: its occurrence, price, checkout, ticket, and whether it may be cancelled. */
@Resolver(() => Booking)
export class BookingFieldsResolver {
  constructor(
    private readonly records: BookingRecordsService,
    private readonly payments: BookingCheckoutService,
    private readonly cancellation: BookingCancellationService,
  ) {}

  @ResolveField(() => ID)
  postId(@Parent() booking: BookingRow) {
    return booking.occurrence.postId;
  }

  @ResolveField(() => String)
  postName(@Parent() booking: BookingRow) {
    return booking.occurrence.postName;
  }

  @ResolveField(() => Date)
  occurrenceStart(@Parent() booking: BookingRow) {
    return booking.occurrence.startsAt;
  }

  @ResolveField(() => Date, { nullable: true })
  occurrenceEnd(@Parent() booking: BookingRow) {
    return booking.occurrence.endsAt;
  }

  @ResolveField(() => String, { nullable: true })
  location(@Parent() booking: BookingRow) {
    return booking.occurrence.location;
  }

  @ResolveField(() => Float, {
    description: 'What the places cost, in pounds or dollars; 0 when free',
  })
  amount(@Parent() booking: Booking) {
    return booking.amountMinor / 100;
  }

  @ResolveField(() => String, {
    description: 'The amount in words, e.g. "£24.00" or "Free"',
  })
  price(@Parent() booking: Booking) {
    return booking.amountMinor ? formatMoney(booking.amountMinor, booking.currency) : 'Free';
  }

  @ResolveField(() => BookingCheckout, {
    nullable: true,
    description: 'The booker: where to pay for a held paid booking',
  })
  async checkout(@Parent() booking: Booking, @CurrentUser() caller?: AuthUser): Promise<BookingCheckout | null> {
    if (booking.status !== 'Held' || booking.amountMinor === 0 || !caller || booking.userId !== caller.id) return null;
    const payment = await this.payments.openPayment(booking.id);
    return (
      payment && {
        orderID: payment.paypalOrderId,
        approveUrl: payment.approveUrl,
      }
    );
  }

  @ResolveField(() => String, {
    nullable: true,
    description: 'The booker: the signed ticket the QR code holds (Confirmed and CheckedIn only)',
  })
  ticket(@Parent() booking: Booking, @CurrentUser() caller?: AuthUser) {
    return this.ticketFor(booking, caller);
  }

  @ResolveField(() => String, {
    nullable: true,
    description: 'The booker: the ticket’s QR code as an SVG data: URL',
  })
  async ticketQr(@Parent() booking: Booking, @CurrentUser() caller?: AuthUser) {
    const ticket = this.ticketFor(booking, caller);
    return ticket && ticketQrDataUrl(ticket);
  }

  private ticketFor(booking: Booking, caller?: AuthUser): string | null {
    const admits = booking.status === 'Confirmed' || booking.status === 'CheckedIn';
    return admits && caller && booking.userId === caller.id ? this.records.ticketOf(booking) : null;
  }

  @ResolveField(() => Boolean, {
    description: 'Whether the caller may cancel it now',
  })
  async canCancel(@Parent() booking: BookingRow, @CurrentUser() caller?: AuthUser) {
    if (!CANCELLABLE.includes(booking.status)) return false;
    if (can(caller, PERMISSION.eventsManage)) return true;
    return !!caller && booking.userId === caller.id && this.cancellation.beforeCutOff(booking);
  }
}

/** A program's coming occurrences and their places, on the post itself. */
@Resolver(() => Post)
export class PostBookingResolver {
  @ResolveField(() => [BookingOccurrenceView], {
    description: 'Programs with booking: the coming occurrences and places left on each',
  })
  bookingOccurrences(
    @Parent() post: Post,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 12 }) limit: number,
    @Context() { loaders }: GraphQLContext,
  ) {
    return loaders.bookingOccurrences.load({ post, limit });
  }
}
