import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { newLinkToken } from '../auth/link-token.js';
import type { AuthUser } from '../access/auth-user.js';
import { AppError } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/index.js';
import { offerMail } from './booking-mails.js';
import { lockOccurrenceById, takenPlaces } from './booking-places.js';
import { BookingCheckoutService } from './booking-checkout.service.js';
import { BookingRecordsService } from './booking-records.service.js';
import { Booking, type BookingRow } from './booking.entity.js';

const HOUR_MS = 60 * 60 * 1000;

/** The waiting list: freed places offered first come first offered, and an offer taken up. */
@Injectable()
export class BookingWaitlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: BookingRecordsService,
    private readonly checkout: BookingCheckoutService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Takes up a waiting-list offer: a free one is confirmed; a paid one is held for payment by the member who waited. */
  async acceptOffer(caller: AuthUser | undefined, token: string): Promise<BookingRow> {
    const booking = await this.dataSource.transaction(async (manager) => {
      const locked = await this.records.lockBooking(manager, await this.records.idByToken(token));
      if (locked.status !== 'Offered')
        throw new AppError('CONFLICT', locked.status === 'Cancelled' ? 'This offer has lapsed' : 'This offer has already been answered');
      if (!locked.offerExpiresAt || locked.offerExpiresAt.getTime() <= Date.now()) throw new AppError('CONFLICT', 'This offer has lapsed');
      if (locked.amountMinor === 0) {
        await this.records.confirm(manager, locked, locked.userId === null ? token : undefined);
        return locked;
      }
      if (!caller || caller.id !== locked.userId) throw AppError.forbidden('Please log in as the member who joined the waiting list to pay for these places');
      Object.assign(locked, {
        status: 'Held',
        holdExpiresAt: this.records.holdUntil(new Date(), locked.occurrence),
        offerExpiresAt: null,
      });
      await manager.save(Booking, locked);
      return locked;
    });
    if (booking.status === 'Held') await this.checkout.startPayment(booking);
    return booking;
  }

  /**
   * Offers an occurrence's free places to its waiting list, first come first offered among those whose places
   * fit, each for `BOOKING_OFFER_HOURS` (never past the start). Nothing is charged until an offer is taken.
   */
  async offerFreedPlaces(occurrenceId: number, now = new Date()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const occurrence = await lockOccurrenceById(manager, occurrenceId);
      if (occurrence.cancelledAt || occurrence.startsAt.getTime() <= now.getTime() || occurrence.postId === null) return 0;
      const capacity = await this.records.capacityOf(occurrence.postId);
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
        await this.mail.queue(offerMail(Object.assign(booking, { occurrence }), this.records.links, link.token), manager);
        left -= booking.places;
        offered += 1;
      }
      return offered;
    });
  }
}
