import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { DateTime } from 'luxon';
import type { AuthUser } from '../access/auth-user.js';
import { AuditService } from '../audit/index.js';
import { AppError } from '../common/app-error.js';
import { applyListFilter, applyListPage, type ListArgs, type ListOptions, toId } from '../common/list.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { endOf, LONDON, occurrenceStarts, Post, PostStatus } from '../content/index.js';
import { MailService } from '../mail/index.js';
import { bookersMessageMail } from './booking-mails.js';
import { holdsPlaces } from './booking-places.js';
import { Booking, BookingCounts, BookingOccurrence, BookingOccurrenceView, type BookingRow } from './booking.entity.js';
import type { BookingFilter } from './bookings.args.js';
import { BookingRecordsService } from './booking-records.service.js';
import { normaliseReference, ticketReference } from './ticket.js';

const LIST: ListOptions = {
  sortable: {
    id: 'booking.id',
    createdAt: 'booking.createdAt',
    occurrenceStart: 'occurrence.startsAt',
    status: 'booking.status',
    reference: 'booking.reference',
  },
  defaultSort: { field: 'createdAt', order: 'DESC' },
  searchable: ['booking.reference', 'booking.booker_name', 'booking.email', 'booking.names', 'occurrence.post_name'],
};

/** One post's coming occurrences, as many as asked. */
export interface OccurrencesAsked {
  post: Post;
  limit: number;
}

/** "18:02", with the day when it was not today (London). */
const atTime = (at: Date) => {
  const time = DateTime.fromJSDate(at, { zone: LONDON });
  return time.hasSame(DateTime.now().setZone(LONDON), 'day') ? time.toFormat('HH:mm') : time.toFormat("HH:mm 'on' d LLLL yyyy");
};

/** What the door, the console and the public pages read of bookings: lists, counts, places left, check-in. */
@Injectable()
export class BookingDeskService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
    private readonly records: BookingRecordsService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The coming occurrences of several programs (a page of posts) and their places left, in one query for all. */
  async occurrencesOf(asked: readonly OccurrencesAsked[]): Promise<BookingOccurrenceView[][]> {
    const now = new Date();
    const wanted = asked.map(({ post, limit }) =>
      post.booking && post.status === PostStatus.Authorised ? occurrenceStarts(post, now, Math.min(Math.max(limit, 1), 52)) : [],
    );
    const keys = asked.flatMap(({ post }, index) => wanted[index].map((start) => ({ postId: post.id, start })));
    if (!keys.length) return asked.map(() => []);
    const rows = await this.dataSource.query<{ post_id: number; starts_at: Date; cancelled: boolean; taken: number }[]>(
      `SELECT o.post_id, o.starts_at, o.cancelled_at IS NOT NULL AS cancelled,
              coalesce((SELECT sum(b.places) FROM bookings b WHERE b.occurrence_id = o.id AND ${holdsPlaces('b', '$3')}), 0)::int AS taken
         FROM booking_occurrences o
        WHERE (o.post_id, o.starts_at) IN (SELECT * FROM unnest($1::int[], $2::timestamptz[]))`,
      [keys.map((key) => key.postId), keys.map((key) => key.start), now],
    );
    const found = new Map(rows.map((row) => [`${row.post_id} ${row.starts_at.getTime()}`, row]));
    return asked.map(({ post }, index) => {
      const settings = post.booking!;
      return wanted[index].map((start) => {
        const row = found.get(`${post.id} ${start.getTime()}`);
        const placesLeft = Math.max(0, settings.capacity - (row?.taken ?? 0));
        const cancelled = row?.cancelled ?? false;
        return {
          postId: post.id,
          start,
          end: endOf(start, post),
          capacity: settings.capacity,
          placesLeft,
          open: !cancelled && this.records.openAt({ ...post, booking: settings }, start, now),
          full: placesLeft === 0,
          waitlist: settings.waitlist,
          cancelled,
        };
      });
    });
  }

  private query(): SelectQueryBuilder<Booking> {
    return this.bookings
      .createQueryBuilder('booking')
      .innerJoinAndMapOne('booking.occurrence', BookingOccurrence, 'occurrence', 'occurrence.id = booking.occurrenceId');
  }

  private filtered(filter?: BookingFilter | null) {
    const query = applyListFilter(this.query(), filter, LIST);
    if (filter?.postId)
      query.andWhere('occurrence.postId = :postId', {
        postId: toId(filter.postId, 'filter.postId'),
      });
    if (filter?.occurrenceStart)
      query.andWhere('occurrence.startsAt = :start', {
        start: filter.occurrenceStart,
      });
    if (filter?.status) query.andWhere('booking.status = :status', { status: filter.status });
    return query;
  }

  async list(args: ListArgs, filter?: BookingFilter | null): Promise<BookingRow[]> {
    return (await applyListPage(this.filtered(filter), args, LIST).getMany()) as BookingRow[];
  }

  count(filter?: BookingFilter | null): Promise<number> {
    return this.filtered(filter).getCount();
  }

  /** A member's own bookings, the latest occurrence first. */
  async mine(caller: AuthUser): Promise<BookingRow[]> {
    return (await this.query()
      .where('booking.userId = :id', { id: caller.id })
      .orderBy('occurrence.startsAt', 'DESC')
      .addOrderBy('booking.id', 'DESC')
      .getMany()) as BookingRow[];
  }

  /** Places of one occurrence (not bookings), for the console and the door. */
  async counts(postId: number, start: Date): Promise<BookingCounts> {
    const post = await this.posts.findOneBy({ id: postId });
    if (!post?.booking) throw AppError.notFound('The event');
    const now = new Date();
    const [row] = await this.dataSource.query<{ booked: number; held: number; checked_in: number; waiting: number }[]>(
      `SELECT coalesce(sum(places) FILTER (WHERE status IN ('Confirmed', 'CheckedIn')), 0)::int AS booked,
              coalesce(sum(places) FILTER (WHERE status IN ('Held', 'Offered') AND coalesce(hold_expires_at, offer_expires_at) > $3), 0)::int AS held,
              coalesce(sum(places) FILTER (WHERE status = 'CheckedIn'), 0)::int AS checked_in,
              coalesce(sum(places) FILTER (WHERE status = 'Waitlisted'), 0)::int AS waiting
         FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id WHERE o.post_id = $1 AND o.starts_at = $2`,
      [postId, start, now],
    );
    const capacity = post.booking.capacity;
    return {
      capacity,
      booked: row.booked,
      held: row.held,
      checkedIn: row.checked_in,
      waiting: row.waiting,
      placesLeft: Math.max(0, capacity - row.booked - row.held),
    };
  }

  /** Checks a booking in at the door by its reference or its scanned ticket; a second check-in says when the first was. */
  async checkIn(caller: AuthUser, typed: string, address: string | null): Promise<BookingRow> {
    const scanned = ticketReference(this.config.jwtSecret, typed ?? '');
    if (scanned && 'forged' in scanned) throw AppError.badInput('reference', 'This ticket is not one of ours: its code does not match');
    const reference = scanned?.reference ?? normaliseReference(typed ?? '');
    if (!reference) throw AppError.badInput('reference', 'A reference is BK- and eight letters or digits, e.g. BK-7KQ2M9XD');
    const found = await this.bookings.findOne({
      where: { reference },
      select: { id: true },
    });
    if (!found) throw AppError.notFound(`Booking ${reference}`);
    return this.dataSource.transaction(async (manager) => {
      const booking = await this.records.lockBooking(manager, found.id);
      if (booking.status === 'CheckedIn') throw new AppError('CONFLICT', `Already checked in at ${atTime(booking.checkedInAt!)}`, 'reference');
      if (booking.occurrence.cancelledAt) throw new AppError('CONFLICT', 'This occurrence was cancelled', 'reference');
      if (booking.status !== 'Confirmed') throw new AppError('CONFLICT', `This booking is ${this.statusWords(booking)}: it does not admit anyone`, 'reference');
      Object.assign(booking, {
        status: 'CheckedIn',
        checkedInAt: new Date(),
        checkedInBy: caller.id,
      });
      await manager.save(Booking, booking);
      await this.audit.record(
        caller,
        address,
        {
          action: 'booking.check-in',
          recordKind: 'Booking',
          recordIds: [String(booking.id)],
        },
        manager,
      );
      return booking;
    });
  }

  private statusWords(booking: Booking): string {
    switch (booking.status) {
      case 'Held':
        return 'not paid for yet';
      case 'Waitlisted':
        return 'on the waiting list';
      case 'Offered':
        return 'an offer not yet taken';
      default:
        return booking.status.toLowerCase();
    }
  }

  /** Queues one message to every booking of an occurrence that holds places; answers how many. */
  async message(caller: AuthUser, address: string | null, postId: number, start: Date, subject: string, body: string): Promise<number> {
    const rows = (await this.query()
      .where('occurrence.postId = :postId AND occurrence.startsAt = :start', {
        postId,
        start,
      })
      .andWhere('booking.status IN (:...statuses)', {
        statuses: ['Confirmed', 'CheckedIn'],
      })
      .getMany()) as BookingRow[];
    await this.dataSource.transaction(async (manager) => {
      for (const booking of rows.filter((row) => row.email)) await this.mail.queue(bookersMessageMail(booking, subject, body), manager);
      await this.audit.record(
        caller,
        address,
        {
          action: 'booking.message',
          recordKind: 'Booking',
          recordIds: rows.map((row) => String(row.id)),
          detail: subject,
        },
        manager,
      );
    });
    return rows.length;
  }

  /** The attendees of one occurrence, for the CSV export. */
  async attendees(postId: number, start: Date): Promise<BookingRow[]> {
    return (await this.query()
      .where('occurrence.postId = :postId AND occurrence.startsAt = :start', {
        postId,
        start,
      })
      .andWhere('booking.status IN (:...statuses)', {
        statuses: ['Confirmed', 'CheckedIn', 'Held', 'Offered', 'Waitlisted'],
      })
      .orderBy('booking.bookerName', 'ASC')
      .addOrderBy('booking.id', 'ASC')
      .getMany()) as BookingRow[];
  }
}
