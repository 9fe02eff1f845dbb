import { Column, Entity, Index } from 'typeorm';
import { RefundablePaymentRecord, type PaymentStatus } from '../payments/payment-record.js';

/**
 * The PayPal payment of a booking's places. Not a gift: no Gift Aid is ever claimed on it. A booking has a second one
 * only when an expired hold is paid for again.
 */
@Entity('ticket_payments')
@Index('IDX_ticket_payments_paypal_order_id', ['paypalOrderId'], { unique: true })
@Index('IDX_ticket_payments_capture_id', ['captureId'])
@Index('IDX_ticket_payments_booking_id', ['bookingId'])
export class TicketPayment extends RefundablePaymentRecord {
  @Column({ type: 'varchar', length: 10, default: 'Created' })
  status: Exclude<PaymentStatus, 'Shipped'>;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ name: 'booking_id', type: 'integer' })
  bookingId: number;
}
