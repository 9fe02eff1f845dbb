import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../common/app-error.js';
import { PaymentRefundsService, type Refunded, TICKET_PAYMENTS, TicketPayment } from '../commerce/index.js';
import { JobQueue } from '../database/job-queue.js';
import { MailService } from '../mail/index.js';
import { lateRefundMail, refundMadeMail } from './booking-mails.js';
import { BookingRecordsService } from './booking-records.service.js';
import { Booking } from './booking.entity.js';

export const REFUND_QUEUE = 'booking-refund';
/** A refused refund is tried again a minute later, then with back-off (pg-boss), for about half a day. */
const RETRY = { startAfter: 60, retryLimit: 10, retryDelay: 60, retryBackoff: true };

/**
 * Refunds PayPal refused when no one was there to see the answer (a late payment for places that had gone, an
 * occurrence cancelled): the refusal is kept on the booking for staff to see, and a background job tries the refund
 * again until PayPal makes it. The refund's PayPal-Request-Id stays the same, so no retry ever refunds twice.
 */
@Injectable()
export class BookingRefundsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly dataSource: DataSource,
    private readonly records: BookingRecordsService,
    private readonly paymentRefunds: PaymentRefundsService,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.work<{ paymentId: number }>(REFUND_QUEUE, ({ paymentId }) => this.retry(paymentId));
  }

  /** Keeps PayPal's refusal on the booking and queues a retry of each completed payment it has (`paymentId`: that one only). */
  async refundLater(bookingId: number, error: unknown, paymentId?: number): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    await this.dataSource.transaction(async (manager) => {
      await this.noteFailure(manager, bookingId, reason);
      const paid = paymentId ? [{ id: paymentId }] : await manager.find(TicketPayment, { where: { bookingId, status: 'Paid' }, select: { id: true } });
      for (const payment of paid) await this.jobs.send(REFUND_QUEUE, { paymentId: payment.id }, { ...RETRY, singletonKey: `ticket-${payment.id}` }, manager);
    });
  }

  /** The job: refunds one payment; a refusal is kept on the booking and thrown, so pg-boss tries again later. */
  async retry(paymentId: number): Promise<void> {
    const payment = await this.dataSource.getRepository(TicketPayment).findOneBy({ id: paymentId });
    if (!payment) return;
    let refunded: Refunded;
    try {
      ({ refunded } = await this.paymentRefunds.refund(TICKET_PAYMENTS, paymentId));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.dataSource.transaction((manager) => this.noteFailure(manager, payment.bookingId, error.message));
      throw error;
    }
    await this.refunded(payment, refunded);
  }

  private async noteFailure(manager: EntityManager, bookingId: number, reason: string): Promise<void> {
    this.logger.error(`booking ${bookingId}: PayPal refused its refund, to be tried again: ${reason}`);
    await manager.update(Booking, { id: bookingId }, { refundFailure: reason.slice(0, 300), refundFailedAt: new Date() });
  }

  /** The refund is made: the booking says so (a booking that stands keeps its places) and the booker is told, once. */
  private async refunded(payment: TicketPayment, refunded: Refunded): Promise<void> {
    const booking = await this.dataSource.transaction(async (manager) => {
      const locked = await this.records.lockBooking(manager, payment.bookingId, { occurrence: false });
      // Already cleared: staff refunded it meanwhile, or this job ran before; the booker was told then.
      if (!locked.refundFailure) return null;
      const booked = locked.status === 'Confirmed' || locked.status === 'CheckedIn';
      Object.assign(locked, {
        refundFailure: null,
        refundFailedAt: null,
        ...(!booked && { status: 'Refunded', refundedAt: new Date(), holdExpiresAt: null }),
      });
      await manager.save(Booking, locked);
      return { row: locked, booked, late: booked || locked.cancelReason === 'hold-lapsed' };
    });
    if (!booking) return;
    await this.mail.queue(booking.late ? lateRefundMail(booking.row, refunded, payment.amountMinor) : refundMadeMail(booking.row, refunded, payment.amountMinor));
    this.logger.log(`${booking.row.reference}: refunded on a retry`);
  }
}
