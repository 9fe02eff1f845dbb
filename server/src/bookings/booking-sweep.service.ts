import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '../database/job-queue.js';
import { MailService } from '../mail/index.js';
import { offerLapsedMail, reminderMail } from './booking-mails.js';
import { Booking, BookingOccurrence, type BookingRow } from './booking.entity.js';
import { BookingRecordsService } from './booking-records.service.js';
import { BookingWaitlistService } from './booking-waitlist.service.js';

const SWEEP_QUEUE = 'booking-sweep';
const MINUTE_MS = 60_000;
const REMINDER_AHEAD_MS = 24 * 60 * MINUTE_MS;

type Lapsed = { id: number; occurrence_id: number };

/**
 * Once a minute (a pg-boss job, whichever instance offers it): lapsed holds and offers are closed and their places
 * offered to the waiting list, and bookers are reminded a day ahead, once each. A lapsed hold already freed its
 * places when it lapsed (the count reads the clock); the sweep only tidies and tells. `sweep(now)` takes the clock.
 */
@Injectable()
export class BookingSweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Bookings');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly records: BookingRecordsService,
    private readonly waitlist: BookingWaitlistService,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.work(SWEEP_QUEUE, () => this.sweep(new Date()).then(() => undefined), 30);
    const offer = () =>
      this.jobs.send(SWEEP_QUEUE, {}, { singletonSeconds: 60 }).catch((error: Error) => this.logger.warn(`could not offer the sweep: ${error.message}`));
    this.timer = setInterval(() => void offer(), MINUTE_MS).unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** One pass as of `now`; answers what it did, for tests and the log. */
  async sweep(now: Date): Promise<{ lapsed: number; offered: number; reminded: number }> {
    const lapsed = await this.dataSource.transaction(async (manager) => {
      const [holds] = await manager.query<[Lapsed[], number]>(
        `UPDATE bookings SET status = 'Cancelled', cancelled_at = $1, cancel_reason = 'hold-lapsed', updated_at = now()
          WHERE status = 'Held' AND hold_expires_at <= $1 RETURNING id, occurrence_id`,
        [now],
      );
      const [offers] = await manager.query<[Lapsed[], number]>(
        `UPDATE bookings SET status = 'Cancelled', cancelled_at = $1, cancel_reason = 'offer-lapsed', updated_at = now()
          WHERE status = 'Offered' AND offer_expires_at <= $1 RETURNING id, occurrence_id`,
        [now],
      );
      for (const { id } of offers) await this.mail.queue(offerLapsedMail(await this.records.read(id, manager)), manager);
      return [...holds, ...offers];
    });
    let offered = 0;
    for (const occurrenceId of new Set(lapsed.map((row) => row.occurrence_id))) offered += await this.waitlist.offerFreedPlaces(occurrenceId, now);
    const reminded = await this.remind(now);
    if (lapsed.length || offered || reminded) this.logger.log(`sweep: ${lapsed.length} lapsed, ${offered} offered, ${reminded} reminded`);
    return { lapsed: lapsed.length, offered, reminded };
  }

  /** A day before an occurrence, one reminder per confirmed booking (claimed by setting `reminded_at`, so never twice). */
  private async remind(now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due = await manager
        .getRepository(Booking)
        .createQueryBuilder('booking')
        .innerJoinAndMapOne('booking.occurrence', BookingOccurrence, 'occurrence', 'occurrence.id = booking.occurrenceId')
        .where("booking.status = 'Confirmed' AND booking.remindedAt IS NULL AND booking.email <> ''")
        .andWhere('occurrence.startsAt > :now AND occurrence.startsAt <= :ahead AND occurrence.cancelledAt IS NULL', {
          now,
          ahead: new Date(now.getTime() + REMINDER_AHEAD_MS),
        })
        .setLock('pessimistic_write', undefined, ['booking'])
        .setOnLocked('skip_locked')
        .getMany();
      for (const booking of due as BookingRow[]) {
        await manager.update(Booking, { id: booking.id }, { remindedAt: now });
        await this.mail.queue(reminderMail(booking, this.records.links), manager);
      }
      return due.length;
    });
  }
}
