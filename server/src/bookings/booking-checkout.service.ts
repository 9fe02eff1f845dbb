import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import { AppError } from '../common/app-error.js';
import { PaymentRefundsService, PaymentsService, TICKET_PAYMENTS, TicketPayment, toPayPalValue } from '../commerce/index.js';
import { MailService } from '../mail/index.js';
import { lateRefundMail } from './booking-mails.js';
import { BookingRecordsService } from './booking-records.service.js';
import { BookingRefundsService } from './booking-refunds.service.js';
import { Booking, type BookingRow } from './booking.entity.js';

/**
 * Paying for held places through commerce's payment steps: the PayPal order priced from the booking, the
 * booker's capture, and what a completed payment does (confirms the places, or refunds them when they have gone).
 */
@Injectable()
export class BookingCheckoutService implements OnModuleInit {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly records: BookingRecordsService,
    private readonly refunds: BookingRefundsService,
    private readonly payments: PaymentsService,
    private readonly paymentRefunds: PaymentRefundsService,
    private readonly mail: MailService,
  ) {}

  onModuleInit() {
    this.payments.whenPaid(TICKET_PAYMENTS, (payment) => this.paid(payment));
  }

  /** A PayPal order for the held places, priced from the booking; when PayPal cannot start one, the places are freed. */
  async startPayment(booking: BookingRow): Promise<void> {
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
    const booking = await this.records.read(settlement.record.bookingId);
    if (settlement.record.status === 'Failed' || (settlement.record.status === 'Created' && settlement.record.captureStatus !== 'PENDING')) {
      throw new AppError('PAYMENT_FAILED', settlement.message);
    }
    return booking;
  }

  /**
   * A ticket payment has just completed (a capture or PayPal's webhook). A live hold is confirmed; a lapsed one
   * too when its places are still free; otherwise (places gone, booking cancelled) the payment is refunded at once,
   * or, when PayPal refuses, later (`BookingRefundsService`).
   */
  private async paid(payment: TicketPayment): Promise<void> {
    const refund = await this.dataSource.transaction(async (manager) => {
      const booking = await this.records.lockBooking(manager, payment.bookingId);
      if (!this.records.awaitingPayment(booking)) return booking;
      if (!(await this.records.placesStillFree(manager, booking))) return booking;
      await this.records.confirm(manager, booking);
      return null;
    });
    if (!refund) return;
    try {
      const { refunded } = await this.paymentRefunds.refund(TICKET_PAYMENTS, payment.id);
      const booked = refund.status === 'Confirmed' || refund.status === 'CheckedIn';
      if (!booked) await this.bookings.update({ id: refund.id }, { status: 'Refunded', refundedAt: new Date(), holdExpiresAt: null });
      await this.mail.queue(lateRefundMail(refund, refunded, payment.amountMinor));
      this.logger.warn(`${refund.reference}: paid after its places had gone; refunded`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Staff see PayPal's refusal on the booking, and the refund is tried again in the background.
      await this.refunds.refundLater(refund.id, error, payment.id);
    }
  }
}
