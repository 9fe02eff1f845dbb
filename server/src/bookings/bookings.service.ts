import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { type BookingStatus, PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { can } from '../access/permissions.js';
import { User } from '../auth/index.js';
import { hashLinkToken, newLinkToken } from '../auth/link-token.js';
import { AppError } from '../common/app-error.js';
import { PaymentsService, TICKET_PAYMENTS, TicketPayment, toPayPalValue } from '../commerce/index.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CATEGORY, isOccurrence, Post, PostStatus } from '../content/index.js';
import { MailService } from '../mail/index.js';
import { type AnswerInput, answersOf, checkEvery, namesOf, placesOf, visitorOf } from './booking-input.js';
import { cancelledMail, confirmAddressMail, confirmationMail, type Links, lateRefundMail, offerMail } from './booking-mails.js';
import { lockOccurrence, lockOccurrenceById, oneAtATime, takenPlaces } from './booking-places.js';
import { Booking, BookingOccurrence, type BookingRow, type CancelReason } from './booking.entity.js';
import { newReference, signTicket } from './ticket.js';

export interface BookingRequest {
  postId: number;
  occurrenceStart: Date;
  places: number;
  names?: string[] | null;
  answers?: AnswerInput[] | null;
  name?: string | null;
  email?: string | null;
}

/** Statuses a booker or staff may still cancel. */
export const CANCELLABLE: readonly BookingStatus[] = ['Held', 'Confirmed', 'Waitlisted', 'Offered'];
const HOUR_MS = 60 * 60 * 1000;

/**
 * Booking places on a program's occurrences. Every change to an occurrence's places happens under that
 * occurrence's row lock (`lockOccurrence`), and the places taken are counted under it, so two people can never
 * take the last place; a hold or an offer that lapses frees its places by the clock, in the same count.
 */
@Injectable()
export class BookingsService implements OnModuleInit {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
    private readonly payments: PaymentsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    this.payments.whenPaid(TICKET_PAYMENTS, (payment) => this.paid(payment));
  }

  get links(): Links {
    return {
      publicUrl: this.config.publicUrl,
      host: new URL(this.config.publicUrl).hostname,
    };
  }

  ticketOf(booking: Booking): string {
    return signTicket(this.config.jwtSecret, booking.reference);
  }

  /** A published program people may book, or NOT_FOUND (a draft is not there for anyone booking). */
  async bookableProgram(postId: number): Promise<Post & { booking: NonNullable<Post['booking']> }> {
    const post = await this.posts.findOneBy({
      id: postId,
      categoryId: CATEGORY.programs,
      status: PostStatus.Authorised,
    });
    if (!post?.booking || !post.startsAt) throw AppError.notFound('The event');
    return post as Post & { booking: NonNullable<Post['booking']> };
  }

  /** Whether booking is open for an occurrence at `now`: between opensAt and closesAt (at the latest its start). */
  openAt(post: Post & { booking: NonNullable<Post['booking']> }, start: Date, now: Date): boolean {
    const closes = Math.min(post.booking.closesAt?.getTime() ?? Infinity, start.getTime());
    return (!post.booking.opensAt || post.booking.opensAt.getTime() <= now.getTime()) && now.getTime() < closes;
  }

  /**
   * Books places, or joins the waiting list (`waitlist`). A member's free booking is confirmed at once; a visitor's
   * is held until they confirm their address; a paid one is held while they pay, with a PayPal order priced here.
   */
  async create(caller: AuthUser | undefined, request: BookingRequest, waitlist = false): Promise<BookingRow> {
    const post = await this.bookableProgram(request.postId);
    const settings = post.booking;
    const start = request.occurrenceStart;
    const now = new Date();
    if (!isOccurrence(post, start) || start.getTime() <= now.getTime())
      throw AppError.badInput('occurrenceStart', 'occurrenceStart is not a coming occurrence of this event');
    if (!this.openAt(post, start, now)) throw new AppError('CONFLICT', 'Booking for this occurrence is not open', 'occurrenceStart');
    if (settings.price > 0 && !caller) throw AppError.forbidden('Please log in to book a paid place');
    const member = caller && (await this.memberBooker(caller));
    const [places, booker, names, answers] = checkEvery(
      () => placesOf(request.places, settings),
      () => member ?? visitorOf(request.name, request.email),
      () => namesOf(request.names, request.places, member?.bookerName ?? request.name?.trim() ?? ''),
      () => answersOf(request.answers, settings),
    );
    const amountMinor = Math.round(settings.price * 100) * places;
    if (waitlist && !settings.waitlist) throw new AppError('CONFLICT', 'This event keeps no waiting list', 'places');

    // A full occurrence says so at once, without waiting its turn for the lock; the count under the lock still decides.
    if (!waitlist) {
      const left = await this.placesLeft(post, start, now);
      if (request.places > left) throw this.full(left, settings.waitlist);
    }
    const link = caller ? null : newLinkToken();
    const booking = await oneAtATime(`${post.id}:${start.toISOString()}`, () =>
      this.dataSource.transaction(async (manager) => {
        const occurrence = await lockOccurrence(manager, post, start);
        if (occurrence.cancelledAt) throw new AppError('CONFLICT', 'This occurrence has been cancelled', 'occurrenceStart');
        const left = Math.max(0, settings.capacity - (await takenPlaces(manager, occurrence.id, now)));
        if (waitlist && request.places <= left) throw new AppError('CONFLICT', `There are ${left} places left: book them instead`, 'places');
        if (!waitlist && request.places > left) throw this.full(left, settings.waitlist);
        const status: BookingStatus = waitlist ? 'Waitlisted' : amountMinor === 0 && caller ? 'Confirmed' : 'Held';
        const saved = await manager.save(
          manager.create(Booking, {
            reference: newReference(),
            occurrenceId: occurrence.id,
            status,
            places: request.places,
            userId: caller?.id ?? null,
            ...booker,
            names,
            answers,
            amountMinor,
            currency: settings.currency,
            linkTokenHash: link?.tokenHash ?? null,
            holdExpiresAt: status === 'Held' ? this.holdUntil(now, occurrence) : null,
            confirmedAt: status === 'Confirmed' ? now : null,
          }),
        );
        const row = Object.assign(saved, { occurrence });
        if (status === 'Confirmed') await this.mail.queue(this.confirmation(row), manager);
        if (status === 'Held' && link && amountMinor === 0)
          await this.mail.queue(confirmAddressMail(row, this.links, link.token, this.config.bookingHoldMinutes), manager);
        return row;
      }),
    );
    if (booking.status === 'Held' && amountMinor > 0) await this.startPayment(booking);
    return booking;
  }

  /** Places left on an occurrence at `now`, read without a lock. */
  private async placesLeft(post: Post & { booking: NonNullable<Post['booking']> }, start: Date, now: Date): Promise<number> {
    const occurrence = await this.dataSource.getRepository(BookingOccurrence).findOne({ where: { postId: post.id, startsAt: start }, select: { id: true } });
    return Math.max(0, post.booking.capacity - (occurrence ? await takenPlaces(this.dataSource.manager, occurrence.id, now) : 0));
  }

  /** A hold lasts `BOOKING_HOLD_MINUTES`, never past the start. */
  private holdUntil(now: Date, occurrence: BookingOccurrence): Date {
    return new Date(Math.min(now.getTime() + this.config.bookingHoldMinutes * 60_000, occurrence.startsAt.getTime()));
  }

  private full(left: number, waitlist: boolean): AppError {
    const message =
      left === 0 ? `This event is full${waitlist ? ': you can join the waiting list' : ''}` : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left`;
    return new AppError('CONFLICT', message, 'places', undefined, {
      placesLeft: left,
      waitlist,
    });
  }

  private async memberBooker(caller: AuthUser) {
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: caller.id });
    return {
      bookerName: `${user.firstname} ${user.lastname}`.trim() || user.email,
      email: user.email,
    };
  }

  /** A PayPal order for the held places, priced from the booking; when PayPal cannot start one, the places are freed. */
  private async startPayment(booking: BookingRow): Promise<void> {
    const repository = this.dataSource.getRepository(TicketPayment);
    const payment = await repository.save(
      repository.create({
        bookingId: booking.id,
        userId: booking.userId,
        status: 'Created',
        currency: booking.currency,
        amountMinor: booking.amountMinor,
      }),
    );
    try {
      await this.payments.startCheckout(TICKET_PAYMENTS, payment, {
        description: `${booking.places} × ${booking.occurrence.postName}`.slice(0, 127),
        amount: {
          currency_code: booking.currency,
          value: toPayPalValue(booking.amountMinor),
        },
      });
    } catch (error) {
      await this.bookings.update(
        { id: booking.id, status: 'Held' },
        {
          status: 'Cancelled',
          cancelledAt: new Date(),
          cancelReason: 'booker',
          holdExpiresAt: null,
        },
      );
      throw error;
    }
  }

  /** The payment of a booking whose PayPal order is waiting to be paid; null when none is. */
  openPayment(bookingId: number): Promise<TicketPayment | null> {
    return this.dataSource.getRepository(TicketPayment).findOne({
      where: { bookingId, status: 'Created' },
      order: { id: 'DESC' },
    });
  }

  /** Captures the booker's PayPal payment; once paid, `paid` confirms the places or refunds them. */
  async capture(caller: AuthUser, orderId: string): Promise<BookingRow> {
    const settlement = await this.payments.capture(TICKET_PAYMENTS, orderId, caller);
    if (settlement.unavailable) throw new AppError('BAD_GATEWAY', settlement.message);
    const booking = await this.read(settlement.record.bookingId);
    if (settlement.record.status === 'Failed' || (settlement.record.status === 'Created' && settlement.record.captureStatus !== 'PENDING')) {
      throw new AppError('PAYMENT_FAILED', settlement.message);
    }
    return booking;
  }

  /**
   * A ticket payment has just completed (a capture or PayPal's webhook). A live hold is confirmed; a lapsed one
   * too when its places are still free; otherwise (places gone, booking cancelled) the payment is refunded at once.
   */
  private async paid(payment: TicketPayment): Promise<void> {
    const refund = await this.dataSource.transaction(async (manager) => {
      const booking = await this.lockBooking(manager, payment.bookingId);
      if (!this.awaitingPayment(booking)) return booking;
      if (!(await this.placesStillFree(manager, booking))) return booking;
      await this.confirm(manager, booking);
      return null;
    });
    if (!refund) return;
    try {
      await this.payments.refund(TICKET_PAYMENTS, payment.id);
      const booked = refund.status === 'Confirmed' || refund.status === 'CheckedIn';
      if (!booked) await this.bookings.update({ id: refund.id }, { status: 'Refunded', refundedAt: new Date(), holdExpiresAt: null });
      await this.mail.queue(lateRefundMail(refund));
      this.logger.warn(`${refund.reference}: paid after its places had gone; refunded`);
    } catch (error) {
      this.logger.error(
        `${refund.reference}: a payment for places that had gone could not be refunded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** A booking a payment or an address confirmation may still confirm: held, or lapsed while the booker was paying. */
  private awaitingPayment(booking: BookingRow): boolean {
    return booking.status === 'Held' || (booking.status === 'Cancelled' && booking.cancelReason === 'hold-lapsed');
  }

  /** Under the occurrence's lock: a live hold keeps its places; a lapsed one gets them back only when they are free. */
  private async placesStillFree(manager: EntityManager, booking: BookingRow): Promise<boolean> {
    const now = new Date();
    // Nobody is let into an event that has begun by a payment or a link that came late.
    if (booking.occurrence.cancelledAt || booking.occurrence.startsAt.getTime() <= now.getTime()) return false;
    if (booking.status === 'Held' && booking.holdExpiresAt && booking.holdExpiresAt.getTime() > now.getTime()) return true;
    const capacity = (await this.posts.findOneBy({ id: booking.occurrence.postId ?? 0 }))?.booking?.capacity ?? 0;
    return booking.places <= capacity - (await takenPlaces(manager, booking.occurrenceId, now, booking.id));
  }

  /** `cancelToken`: a visitor's link token, so their ticket's e-mail carries the link that cancels it. */
  private async confirm(manager: EntityManager, booking: BookingRow, cancelToken?: string): Promise<void> {
    Object.assign(booking, {
      status: 'Confirmed',
      confirmedAt: new Date(),
      holdExpiresAt: null,
      offerExpiresAt: null,
      cancelledAt: null,
      cancelReason: null,
    });
    await manager.save(Booking, booking);
    await this.mail.queue(this.confirmation(booking, cancelToken), manager);
  }

  private confirmation(booking: BookingRow, cancelToken?: string) {
    return confirmationMail(booking, this.links, this.ticketOf(booking), cancelToken);
  }

  /** A visitor's link: confirms their held places, or gives them back when the hold lapsed and they are still free. */
  async confirmAddress(token: string): Promise<BookingRow> {
    return this.dataSource.transaction(async (manager) => {
      const booking = await this.lockBooking(manager, await this.idByToken(token));
      if (booking.status === 'Confirmed' || booking.status === 'CheckedIn') return booking;
      if (booking.userId !== null || booking.amountMinor > 0 || !this.awaitingPayment(booking))
        throw new AppError('CONFLICT', 'This link does not confirm a booking any more');
      if (!(await this.placesStillFree(manager, booking)))
        throw new AppError('CONFLICT', 'Sorry: these places can no longer be confirmed; they went to others, or the event has begun');
      await this.confirm(manager, booking, token);
      return booking;
    });
  }

  /** The booking a link's token names; the same answer for a wrong token and for none, so links cannot be probed. */
  private async idByToken(token: string): Promise<number> {
    const found =
      typeof token === 'string' && token.length <= 200
        ? await this.bookings.findOne({
            where: { linkTokenHash: hashLinkToken(token) },
            select: { id: true },
          })
        : null;
    if (!found) throw AppError.notFound('The booking');
    return found.id;
  }

  /** Takes up a waiting-list offer: a free one is confirmed; a paid one is held for payment by the member who waited. */
  async acceptOffer(caller: AuthUser | undefined, token: string): Promise<BookingRow> {
    const booking = await this.dataSource.transaction(async (manager) => {
      const locked = await this.lockBooking(manager, await this.idByToken(token));
      if (locked.status !== 'Offered')
        throw new AppError('CONFLICT', locked.status === 'Cancelled' ? 'This offer has lapsed' : 'This offer has already been answered');
      if (!locked.offerExpiresAt || locked.offerExpiresAt.getTime() <= Date.now()) throw new AppError('CONFLICT', 'This offer has lapsed');
      if (locked.amountMinor === 0) {
        await this.confirm(manager, locked, locked.userId === null ? token : undefined);
        return locked;
      }
      if (!caller || caller.id !== locked.userId) throw AppError.forbidden('Please log in as the member who joined the waiting list to pay for these places');
      Object.assign(locked, {
        status: 'Held',
        holdExpiresAt: this.holdUntil(new Date(), locked.occurrence),
        offerExpiresAt: null,
      });
      await manager.save(Booking, locked);
      return locked;
    });
    if (booking.status === 'Held') await this.startPayment(booking);
    return booking;
  }

  /**
   * Cancels a booking: its booker (signed in, or with their e-mail's link) until the event's cut-off, staff with
   * events:manage at any time. A paid booking is refunded in full; the freed places go to the waiting list.
   */
  async cancel(caller: AuthUser | undefined, id: number, token?: string | null): Promise<BookingRow> {
    const staff = can(caller, PERMISSION.eventsManage);
    const { booking, refunded } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.lockBooking(manager, id, { occurrence: false });
      const booker = (caller && locked.userId === caller.id) || (!!token && locked.linkTokenHash === hashLinkToken(token));
      if (!staff && !booker) throw AppError.notFound('The booking');
      if (!CANCELLABLE.includes(locked.status))
        throw new AppError('CONFLICT', `This booking is already ${locked.status === 'CheckedIn' ? 'checked in' : locked.status.toLowerCase()}`);
      if (!staff && !(await this.beforeCutOff(locked))) throw new AppError('CONFLICT', 'It is too late to cancel this booking online; please contact us');
      await this.markCancelled(manager, locked, staff && !booker ? 'staff' : 'booker');
      return { booking: locked, refunded: await this.refundPaid(manager, locked) };
    });
    await this.mail.queue(cancelledMail(booking, refunded));
    await this.offerFreedPlaces(booking.occurrenceId);
    return this.read(booking.id);
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
   * Refunds every completed payment of a booking in full, in the transaction that holds the booking's lock: a
   * refund PayPal refuses undoes the cancellation with it, and a second cancel waits for the first and finds it done.
   * Answers what was refunded, in minor units.
   */
  private async refundPaid(manager: EntityManager, booking: BookingRow): Promise<number> {
    const paid = await manager.findBy(TicketPayment, { bookingId: booking.id, status: 'Paid' });
    let refunded = 0;
    for (const payment of paid) {
      await this.payments.refund(TICKET_PAYMENTS, payment.id);
      refunded += payment.amountMinor;
    }
    if (refunded) {
      Object.assign(booking, { status: 'Refunded', refundedAt: new Date() });
      await manager.update(Booking, { id: booking.id }, { status: 'Refunded', refundedAt: booking.refundedAt });
    }
    return refunded;
  }

  /** Staff: refunds a paid booking in full, which cancels it. */
  async refund(id: number): Promise<BookingRow> {
    const { booking, refunded } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.lockBooking(manager, id, { occurrence: false });
      if (!(await manager.existsBy(TicketPayment, { bookingId: id, status: 'Paid' })))
        throw new AppError('CONFLICT', 'Nothing has been paid for this booking, or it is refunded already');
      if (locked.status !== 'Cancelled' && locked.status !== 'Refunded') await this.markCancelled(manager, locked, 'staff');
      return { booking: locked, refunded: await this.refundPaid(manager, locked) };
    });
    await this.mail.queue(cancelledMail(booking, refunded));
    await this.offerFreedPlaces(booking.occurrenceId);
    return this.read(id);
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
        .catch((error: Error) => {
          this.logger.error(`${booking.reference}: not refunded when its occurrence was cancelled: ${error.message}`);
          return 0;
        });
      await this.mail.queue(cancelledMail(booking, refunded, message));
    }
    return cancelled.length;
  }

  /**
   * Offers an occurrence's free places to its waiting list, first come first offered among those whose places
   * fit, each for `BOOKING_OFFER_HOURS` (never past the start). Nothing is charged until an offer is taken.
   */
  async offerFreedPlaces(occurrenceId: number, now = new Date()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const occurrence = await lockOccurrenceById(manager, occurrenceId);
      if (occurrence.cancelledAt || occurrence.startsAt.getTime() <= now.getTime() || occurrence.postId === null) return 0;
      const capacity = (await this.posts.findOneBy({ id: occurrence.postId }))?.booking?.capacity ?? 0;
      let left = capacity - (await takenPlaces(manager, occurrenceId, now));
      const waiting = await manager.find(Booking, {
        where: { occurrenceId, status: 'Waitlisted' },
        order: { id: 'ASC' },
      });
      let offered = 0;
      for (const booking of waiting) {
        if (booking.places > left) continue;
        const link = newLinkToken();
        const expires = Math.min(now.getTime() + this.config.bookingOfferHours * HOUR_MS, occurrence.startsAt.getTime());
        Object.assign(booking, {
          status: 'Offered',
          offerExpiresAt: new Date(expires),
          linkTokenHash: link.tokenHash,
        });
        await manager.save(Booking, booking);
        await this.mail.queue(offerMail(Object.assign(booking, { occurrence }), this.links, link.token), manager);
        left -= booking.places;
        offered += 1;
      }
      return offered;
    });
  }

  /** Reads a booking with its occurrence, or NOT_FOUND. */
  async read(id: number, manager: EntityManager = this.dataSource.manager): Promise<BookingRow> {
    const booking = await manager
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoinAndMapOne('booking.occurrence', BookingOccurrence, 'occurrence', 'occurrence.id = booking.occurrenceId')
      .where('booking.id = :id', { id })
      .getOne();
    if (!booking) throw AppError.notFound('The booking');
    return booking as BookingRow;
  }

  /**
   * Locks a booking's occurrence, then the booking (always in that order, as every writer does), and reads both.
   * `occurrence: false` locks the booking alone, for work that only frees places (a cancellation, a refund) and
   * calls PayPal meanwhile: bookings of the same occurrence need not wait for PayPal's answer.
   */
  async lockBooking(manager: EntityManager, id: number, options: { occurrence: boolean } = { occurrence: true }): Promise<BookingRow> {
    const found = await manager.findOne(Booking, { where: { id }, select: { id: true, occurrenceId: true } });
    if (!found) throw AppError.notFound('The booking');
    const occurrence = options.occurrence
      ? await lockOccurrenceById(manager, found.occurrenceId)
      : await manager.findOneByOrFail(BookingOccurrence, { id: found.occurrenceId });
    const booking = await manager.getRepository(Booking).createQueryBuilder('b').setLock('pessimistic_write').where('b.id = :id', { id }).getOneOrFail();
    return Object.assign(booking, { occurrence });
  }
}
