import { Inject } from '@nestjs/common';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { Can, CurrentUser, Public } from '../access/decorators.js';
import { can } from '../access/permissions.js';
import { Audited } from '../audit/index.js';
import { AppError } from '../common/app-error.js';
import { ClientIp } from '../common/decorators.js';
import { ListMetadata, toId } from '../common/list.js';
import { RateLimit } from '../common/rate-limit.js';
import { CaptureArgs, CHECKOUTS_PER_ADDRESS } from '../commerce/index.js';
import { MAILING_CHOICES, type MailingChoicesRecorder } from '../common/mailing-choices.js';
import { BookingCancellationService } from './booking-cancellation.service.js';
import { BookingCheckoutService } from './booking-checkout.service.js';
import { BookingDeskService } from './booking-desk.service.js';
import { BookingHoldsService } from './booking-holds.service.js';
import { BookingRecordsService } from './booking-records.service.js';
import { BookingWaitlistService } from './booking-waitlist.service.js';
import { Booking, BookingCounts } from './booking.entity.js';
import {
  AllBookingsArgs,
  CancelBookingArgs,
  CancelOccurrenceArgs,
  CreateBookingArgs,
  LinkTokenArgs,
  MessageBookersArgs,
  OccurrenceArgs,
} from './bookings.args.js';

/** Bookings of program occurrences: booking, paying, waiting lists, cancelling, the door and the console. */
@Resolver(() => Booking)
export class BookingsResolver {
  constructor(
    private readonly holds: BookingHoldsService,
    private readonly checkout: BookingCheckoutService,
    private readonly waitlist: BookingWaitlistService,
    private readonly cancellation: BookingCancellationService,
    private readonly records: BookingRecordsService,
    private readonly desk: BookingDeskService,
    @Inject(MAILING_CHOICES) private readonly subscriptions: MailingChoicesRecorder,
  ) {}

  @Public()
  @RateLimit('booking', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Booking, {
    description: 'Books places on one occurrence; a paid booking is Held with a PayPal checkout',
  })
  createBooking(@Args() args: CreateBookingArgs, @CurrentUser() caller?: AuthUser) {
    return this.booked(args, caller, false);
  }

  @Public()
  @RateLimit('booking', CHECKOUTS_PER_ADDRESS.limit, CHECKOUTS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Booking, {
    description: 'Joins the waiting list of a full occurrence; nothing is charged',
  })
  joinWaitlist(@Args() args: CreateBookingArgs, @CurrentUser() caller?: AuthUser) {
    return this.booked(args, caller, true);
  }

  /** A booking, then the mailing lists' boxes of its form (checked first, so a wrong list books nothing). */
  private async booked({ postId, mailingChoices, ...request }: CreateBookingArgs, caller: AuthUser | undefined, waitlist: boolean) {
    await this.subscriptions.checkChoices(mailingChoices);
    const booking = await this.holds.create(caller, { ...request, postId: toId(postId, 'postId') }, waitlist);
    if (caller) await this.subscriptions.recordForAccount(caller.id, mailingChoices, 'Booking');
    else await this.subscriptions.recordForAddress(booking.email, mailingChoices, 'Booking');
    return booking;
  }

  @Mutation(() => Booking, {
    description: 'The booker: captures the PayPal payment of a held booking',
  })
  captureBooking(@Args() { orderID }: CaptureArgs, @CurrentUser() caller: AuthUser) {
    return this.checkout.capture(caller, orderID);
  }

  @Public()
  @Mutation(() => Booking, {
    description: 'A visitor’s e-mailed link: confirms their held places',
  })
  confirmBooking(@Args() { token }: LinkTokenArgs) {
    return this.holds.confirmAddress(token);
  }

  @Public()
  @Mutation(() => Booking, {
    description: 'Takes up a waiting-list offer: confirmed when free, Held for payment when paid',
  })
  acceptBookingOffer(@Args() { token }: LinkTokenArgs, @CurrentUser() caller?: AuthUser) {
    return this.waitlist.acceptOffer(caller, token);
  }

  @Public()
  @Mutation(() => Booking, {
    description: 'The booker until the cancellation cut-off (refunded in full), or events:manage at any time',
  })
  cancelBooking(@Args() { id, token }: CancelBookingArgs, @CurrentUser() caller?: AuthUser) {
    if (!caller && !token) throw AppError.unauthenticated();
    return this.cancellation.cancel(caller, toId(id), token);
  }

  @Can(PERMISSION.eventsManage)
  @Mutation(() => Booking, {
    description: 'Refunds a paid booking in full, which cancels it',
  })
  refundBooking(@Args('id', { type: () => ID }) id: string) {
    return this.cancellation.refund(toId(id));
  }

  @Can(PERMISSION.eventsManage)
  @Mutation(() => Int, {
    description: 'Cancels an occurrence: every booking cancelled, paid ones refunded, everyone told; answers how many',
  })
  cancelOccurrence(@Args() { postId, occurrenceStart, message }: CancelOccurrenceArgs) {
    return this.cancellation.cancelOccurrence(toId(postId, 'postId'), occurrenceStart, message);
  }

  @Can(PERMISSION.eventsManage)
  @Mutation(() => Booking, {
    description: 'At the door: a reference (BK-…) or a scanned ticket; a second check-in says when the first was',
  })
  checkInBooking(@Args('reference') reference: string, @CurrentUser() caller: AuthUser, @ClientIp() ip: string) {
    return this.desk.checkIn(caller, reference, ip);
  }

  @Can(PERMISSION.eventsManage)
  @Mutation(() => Int, {
    description: 'One queued e-mail to every confirmed or checked-in booking of an occurrence; answers how many',
  })
  messageBookers(@Args() { postId, occurrenceStart, subject, body }: MessageBookersArgs, @CurrentUser() caller: AuthUser, @ClientIp() ip: string) {
    return this.desk.message(caller, ip, toId(postId, 'postId'), occurrenceStart, subject.trim(), body.trim());
  }

  @Query(() => [Booking], {
    description: 'The caller’s own bookings, the latest occurrence first',
  })
  myBookings(@CurrentUser() caller: AuthUser) {
    return this.desk.mine(caller);
  }

  @Audited('booking.read', 'Booking')
  @Query(() => Booking, { description: 'The booker or events:manage' })
  async Booking(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    const booking = await this.records.read(toId(id));
    if (booking.userId !== caller.id && !can(caller, PERMISSION.eventsManage)) throw AppError.notFound('The booking');
    return booking;
  }

  @Can(PERMISSION.eventsManage)
  @Audited('booking.list', 'Booking')
  @Query(() => [Booking])
  allBookings(@Args() args: AllBookingsArgs) {
    return this.desk.list(args, args.filter);
  }

  @Can(PERMISSION.eventsManage)
  @Query(() => ListMetadata)
  async _allBookingsMeta(@Args() args: AllBookingsArgs): Promise<ListMetadata> {
    return { count: await this.desk.count(args.filter) };
  }

  @Can(PERMISSION.eventsManage)
  @Query(() => BookingCounts, {
    description: 'Places of one occurrence: booked, held, checked in, waiting',
  })
  bookingCounts(@Args() { postId, occurrenceStart }: OccurrenceArgs) {
    return this.desk.counts(toId(postId, 'postId'), occurrenceStart);
  }
}
