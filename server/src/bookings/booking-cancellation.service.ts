import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { type BookingStatus, PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { can } from '../access/permissions.js';
import { hashLinkToken } from '../auth/link-token.js';
import { AppError } from '../common/app-error.js';
import { PaymentRefundsService, PaymentsService, type Refunded, TICKET_PAYMENTS, TicketPayment } from '../commerce/index.js';
import { isOccurrence, Post } from '../content/index.js';
import { MailService } from '../mail/index.js';
import { cancelledMail } from './booking-mails.js';
import { lockOccurrence } from './booking-places.js';
import { BookingRecordsService } from './booking-records.service.js';
import { BookingRefundsService } from './booking-refunds.service.js';
import { BookingWaitlistService } from './booking-waitlist.service.js';
import { Booking, BookingOccurrence, type BookingRow, type CancelReason } from './booking.entity.js';

/** Statuses a booker or staff may still cancel. */
export const CANCELLABLE: readonly BookingStatus[] = ['Held', 'Confirmed', 'Waitlisted', 'Offered'];
const HOUR_MS = 60 * 60 * 1000;

/** Cancelling bookings and occurrences, and refunding what was paid for them; freed places go to the waiting list. */
@Injectable()
export class BookingCancellationService {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
    private readonly records: BookingRecordsService,
    private readonly waitlist: BookingWaitlistService,
    private readonly refunds: BookingRefundsService,
    private readonly payments: PaymentsService,
    private readonly paymentRefunds: PaymentRefundsService,
    private readonly mail: MailService,
  ) {
    this.payments.whenRefundedAtPayPal(TICKET_PAYMENTS, (payment) => this.refundedAtPayPal(payment));
  }

  /**
   * Cancels a booking: its booker (signed in, or with their e-mail's link) until the event's cut-off, staff with
   * events:manage at any time. A paid booking is refunded in full; the freed places go to the waiting list.
   */
  async cancel(caller: AuthUser | undefined, id: number, token?: string | null): Promise<BookingRow> {
    const staff = can(caller, PERMISSION.eventsManage);
    const { booking, refunded } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.records.lockBooking(manager, id, { occurrence: false });
      const booker = (caller && locked.userId === caller.id) || (!!token && locked.linkTokenHash === hashLinkToken(token));
      if (!staff && !booker) throw AppError.notFound('The booking');
      if (!CANCELLABLE.includes(locked.status))
        throw new AppError('CONFLICT', `This booking is already ${locked.status === 'CheckedIn' ? 'checked in' : locked.status.toLowerCase()}`);
      if (!staff && !(await this.beforeCutOff(locked))) throw new AppError('CONFLICT', 'It is too late to cancel this booking online; please contact us');
      await this.markCancelled(manager, locked, staff && !booker ? 'staff' : 'booker');
      return { booking: locked, refunded: await this.refundPaid(manager, locked) };
    });
    await this.mail.queue(cancelledMail(booking, refunded));
    await this.waitlist.offerFreedPlaces(booking.occurrenceId);
    return this.records.read(booking.id);
  }

  /** Whether a booker may still cancel: before the event's cancellation hours ahead of the start. */
  async beforeCutOff(booking: BookingRow): Promise<boolean> {
    const hours = (await this.posts.findOneBy({ id: booking.occurrence.postId ?? 0 }))?.booking?.cancellationHours ?? 0;
    return Date.now() < booking.occurrence.startsAt.getTime() - hours * HOUR_MS;
  }

  private async markCancelled(manager: EntityManager, booking: BookingRow, reason: CancelReason) {
    Object.assign(booking, {
      status: 'Cancelled',
      cancelledAt: new Date(),
      cancelReason: reason,
      holdExpiresAt: null,
      offerExpiresAt: null,
    });
    await manager.save(Booking, booking);
  }

  /**
   * Refunds what is left of every completed payment of a booking, in the transaction that holds the booking's lock: a
   * refund PayPal refuses undoes the cancellation with it, and a second cancel waits for the first and finds it done.
   * Answers what was refunded, in minor units.
   */
  private async refundPaid(manager: EntityManager, booking: BookingRow): Promise<Refunded> {
    const paid = await manager.findBy(TicketPayment, { bookingId: booking.id, status: 'Paid' });
    let minor = 0;
    let unsaid = false;
    for (const payment of paid) {
      const { refunded } = await this.paymentRefunds.refund(TICKET_PAYMENTS, payment.id);
      if (refunded === 'all') unsaid = true;
      else minor += refunded;
    }
    const refunded: Refunded = minor || (unsaid ? 'all' : 0);
    if (paid.length) {
      Object.assign(booking, { status: 'Refunded', refundedAt: new Date(), refundFailure: null, refundFailedAt: null });
      await manager.update(Booking, { id: booking.id }, { status: 'Refunded', refundedAt: booking.refundedAt, refundFailure: null, refundFailedAt: null });
    }
    return refunded;
  }

  /** Staff: refunds a paid booking in full, which cancels it. */
  async refund(id: number): Promise<BookingRow> {
    const { booking, refunded } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.records.lockBooking(manager, id, { occurrence: false });
      if (!(await manager.existsBy(TicketPayment, { bookingId: id, status: 'Paid' })))
        throw new AppError('CONFLICT', 'Nothing has been paid for this booking, or it is refunded already');
      if (locked.status !== 'Cancelled' && locked.status !== 'Refunded') await this.markCancelled(manager, locked, 'staff');
      return { booking: locked, refunded: await this.refundPaid(manager, locked) };
    });
    await this.mail.queue(cancelledMail(booking, refunded));
    await this.waitlist.offerFreedPlaces(booking.occurrenceId);
    return this.records.read(id);
  }

  /**
   * A ticket payment refunded in PayPal itself (by staff there, whichever order PayPal's events come in): the places
   * are no longer paid for, so the booking is cancelled as refunded and its places go to the waiting list. Called each
   * time PayPal reports it: a booking already cancelled, checked in, or still paid for by another payment is left.
   */
  private async refundedAtPayPal(payment: TicketPayment): Promise<void> {
    const booking = await this.dataSource.transaction(async (manager) => {
      const locked = await this.records.lockBooking(manager, payment.bookingId, { occurrence: false });
      if (!CANCELLABLE.includes(locked.status) || (await manager.existsBy(TicketPayment, { bookingId: locked.id, status: 'Paid' }))) return null;
      await this.markCancelled(manager, locked, 'staff');
      Object.assign(locked, { status: 'Refunded', refundedAt: payment.refundedAt });
      await manager.update(Booking, { id: locked.id }, { status: 'Refunded', refundedAt: locked.refundedAt });
      return locked;
    });
    if (!booking) return;
    this.logger.warn(`${booking.reference}: its payment was refunded in PayPal; cancelled`);
    await this.mail.queue(cancelledMail(booking, payment.amountMinor));
    await this.waitlist.offerFreedPlaces(booking.occurrenceId);
  }

  /** Staff: cancels an occurrence; every booking is cancelled, paid ones refunded, and everyone told. */
  async cancelOccurrence(postId: number, start: Date, message?: string | null): Promise<number> {
    const post = await this.posts.findOneBy({ id: postId });
    if (!post?.booking || !isOccurrence(post, start)) throw AppError.badInput('occurrenceStart', 'occurrenceStart is not an occurrence of this event');
    const cancelled = await this.dataSource.transaction(async (manager) => {
      const occurrence = await lockOccurrence(manager, post, start);
      occurrence.cancelledAt ??= new Date();
      await manager.save(BookingOccurrence, occurrence);
      const open = await manager.find(Booking, {
        where: {
          occurrenceId: occurrence.id,
          status: In(CANCELLABLE),
        },
      });
      const rows = open.map((booking) => Object.assign(booking, { occurrence }));
      for (const booking of rows) await this.markCancelled(manager, booking, 'occurrence');
      return rows;
    });
    for (const booking of cancelled) {
      const refunded = await this.dataSource
        .transaction((manager) => this.refundPaid(manager, booking))
        .catch(async (error: Error) => {
          this.logger.error(`${booking.reference}: not refunded when its occurrence was cancelled: ${error.message}`);
          // Staff see PayPal's refusal on the booking, and the refund is tried again in the background.
          if (error instanceof AppError) await this.refunds.refundLater(booking.id, error);
          else throw error;
          return 0;
        });
      await this.mail.queue(cancelledMail(booking, refunded, message));
    }
    return cancelled.length;
  }
}
