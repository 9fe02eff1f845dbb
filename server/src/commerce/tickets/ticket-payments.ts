import type { PaymentKind } from '../payments/payment-kind.js';
import { TicketPayment } from './ticket-payment.entity.js';

/** Tickets: the booking's own confirmation e-mail is the receipt, sent by bookings once the places are confirmed. */
export const TICKET_PAYMENTS: PaymentKind<TicketPayment> = {
  name: 'ticket',
  entity: TicketPayment,
  label: 'booking',
  returnPath: '/user/booking-paypal-payment-response',
  cancelPath: '/user/bookings',
  successMessage: 'Payment was successful. Your places are booked.',
};
