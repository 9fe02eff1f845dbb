import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { hashLinkToken } from '../auth/link-token.js';
import { AppError } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CATEGORY, Post, PostStatus } from '../content/index.js';
import { MailService } from '../mail/index.js';
import { confirmationMail, type Links } from './booking-mails.js';
import { lockOccurrenceById, takenPlaces } from './booking-places.js';
import { Booking, BookingOccurrence, type BookingRow } from './booking.entity.js';
import { signTicket } from './ticket.js';

export type BookableProgram = Post & { booking: NonNullable<Post['booking']> };

/**
 * What every step of booking shares: reading and locking a booking, the program it is for, its ticket, and
 * confirming held places (by a payment, an address link or a waiting-list offer).
 */
@Injectable()
export class BookingRecordsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
  async bookableProgram(postId: number): Promise<BookableProgram> {
    const post = await this.posts.findOneBy({
      id: postId,
      categoryId: CATEGORY.programs,
      status: PostStatus.Authorised,
    });
    if (!post?.booking || !post.startsAt) throw AppError.notFound('The event');
    return post as BookableProgram;
  }

  /** Whether booking is open for an occurrence at `now`: between opensAt and closesAt (at the latest its start). */
  openAt(post: BookableProgram, start: Date, now: Date): boolean {
    const closes = Math.min(post.booking.closesAt?.getTime() ?? Infinity, start.getTime());
    return (!post.booking.opensAt || post.booking.opensAt.getTime() <= now.getTime()) && now.getTime() < closes;
  }

  /** The capacity of the program an occurrence belongs to; 0 when it has none any more. */
  async capacityOf(postId: number | null): Promise<number> {
    return (await this.posts.findOneBy({ id: postId ?? 0 }))?.booking?.capacity ?? 0;
  }

  /** A hold lasts `BOOKING_HOLD_MINUTES`, never past the start. */
  holdUntil(now: Date, occurrence: BookingOccurrence): Date {
    return new Date(Math.min(now.getTime() + this.config.bookingHoldMinutes * 60_000, occurrence.startsAt.getTime()));
  }

  /** A booking a payment or an address confirmation may still confirm: held, or lapsed while the booker was paying. */
  awaitingPayment(booking: BookingRow): boolean {
    return booking.status === 'Held' || (booking.status === 'Cancelled' && booking.cancelReason === 'hold-lapsed');
  }

  /** Under the occurrence's lock: a live hold keeps its places; a lapsed one gets them back only when they are free. */
  async placesStillFree(manager: EntityManager, booking: BookingRow): Promise<boolean> {
    const now = new Date();
    // Nobody is let into an event that has begun by a payment or a link that came late.
    if (booking.occurrence.cancelledAt || booking.occurrence.startsAt.getTime() <= now.getTime()) return false;
    if (booking.status === 'Held' && booking.holdExpiresAt && booking.holdExpiresAt.getTime() > now.getTime()) return true;
    const capacity = await this.capacityOf(booking.occurrence.postId);
    return booking.places <= capacity - (await takenPlaces(manager, booking.occurrenceId, now, booking.id));
  }

  /** `cancelToken`: a visitor's link token, so their ticket's e-mail carries the link that cancels it. */
  async confirm(manager: EntityManager, booking: BookingRow, cancelToken?: string): Promise<void> {
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

  confirmation(booking: BookingRow, cancelToken?: string) {
    return confirmationMail(booking, this.links, this.ticketOf(booking), cancelToken);
  }

  /** The booking a link's token names; the same answer for a wrong token and for none, so links cannot be probed. */
  async idByToken(token: string): Promise<number> {
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
