import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BookingStatus } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { User } from '../auth/index.js';
import { newLinkToken } from '../auth/link-token.js';
import { AppError } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isOccurrence } from '../content/index.js';
import { MailService } from '../mail/index.js';
import { type AnswerInput, answersOf, checkEvery, namesOf, placesOf, visitorOf } from './booking-input.js';
import { confirmAddressMail } from './booking-mails.js';
import { lockOccurrence, oneAtATime, takenPlaces } from './booking-places.js';
import { BookingCheckoutService } from './booking-checkout.service.js';
import { type BookableProgram, BookingRecordsService } from './booking-records.service.js';
import { Booking, BookingOccurrence, type BookingRow } from './booking.entity.js';
import { newReference } from './ticket.js';

export interface BookingRequest {
  postId: number;
  occurrenceStart: Date;
  places: number;
  names?: string[] | null;
  answers?: AnswerInput[] | null;
  name?: string | null;
  email?: string | null;
}

/**
 * Taking places on a program's occurrences. Every change to an occurrence's places happens under that
 * occurrence's row lock (`lockOccurrence`), and the places taken are counted under it, so two people can never
 * take the last place; a hold or an offer that lapses frees its places by the clock, in the same count.
 */
@Injectable()
export class BookingHoldsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: BookingRecordsService,
    private readonly checkout: BookingCheckoutService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Books places, or joins the waiting list (`waitlist`). A member's free booking is confirmed at once; a visitor's
   * is held until they confirm their address; a paid one is held while they pay, with a PayPal order priced here.
   */
  async create(caller: AuthUser | undefined, request: BookingRequest, waitlist = false): Promise<BookingRow> {
    const post = await this.records.bookableProgram(request.postId);
    const settings = post.booking;
    const start = request.occurrenceStart;
    const now = new Date();
    if (!isOccurrence(post, start) || start.getTime() <= now.getTime())
      throw AppError.badInput('occurrenceStart', 'occurrenceStart is not a coming occurrence of this event');
    if (!this.records.openAt(post, start, now)) throw new AppError('CONFLICT', 'Booking for this occurrence is not open', 'occurrenceStart');
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
            holdExpiresAt: status === 'Held' ? this.records.holdUntil(now, occurrence) : null,
            confirmedAt: status === 'Confirmed' ? now : null,
          }),
        );
        const row = Object.assign(saved, { occurrence });
        if (status === 'Confirmed') await this.mail.queue(this.records.confirmation(row), manager);
        if (status === 'Held' && link && amountMinor === 0)
          await this.mail.queue(confirmAddressMail(row, this.records.links, link.token, this.config.bookingHoldMinutes), manager);
        return row;
      }),
    );
    if (booking.status === 'Held' && amountMinor > 0) await this.checkout.startPayment(booking);
    return booking;
  }

  /** A visitor's link: confirms their held places, or gives them back when the hold lapsed and they are still free. */
  async confirmAddress(token: string): Promise<BookingRow> {
    return this.dataSource.transaction(async (manager) => {
      const booking = await this.records.lockBooking(manager, await this.records.idByToken(token));
      if (booking.status === 'Confirmed' || booking.status === 'CheckedIn') return booking;
      if (booking.userId !== null || booking.amountMinor > 0 || !this.records.awaitingPayment(booking))
        throw new AppError('CONFLICT', 'This link does not confirm a booking any more');
      if (!(await this.records.placesStillFree(manager, booking)))
        throw new AppError('CONFLICT', 'Sorry: these places can no longer be confirmed; they went to others, or the event has begun');
      await this.records.confirm(manager, booking, token);
      return booking;
    });
  }

  /** Places left on an occurrence at `now`, read without a lock. */
  private async placesLeft(post: BookableProgram, start: Date, now: Date): Promise<number> {
    const occurrence = await this.dataSource.getRepository(BookingOccurrence).findOne({ where: { postId: post.id, startsAt: start }, select: { id: true } });
    return Math.max(0, post.booking.capacity - (occurrence ? await takenPlaces(this.dataSource.manager, occurrence.id, now) : 0));
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
}
