import type { User } from '../auth/index.js';
import type { MailMessage } from '../mail/index.js';
import type { Donation } from './donations/donation.entity.js';
import { formatMoney } from './money.js';
import type { BookOrder } from './orders/book-order.entity.js';
import type { RegularDonation } from './regular-donations/regular-donation.entity.js';

const date = (value: Date | null) =>
  (value ?? new Date()).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

const references = (ours: string, record: { paypalOrderId: string | null; captureId: string | null }) => [
  `Reference: ${ours}`,
  `PayPal order: ${record.paypalOrderId ?? '-'}`,
  `PayPal transaction: ${record.captureId ?? '-'}`,
];

/** Plain text, like every message we send: it reads well in any mail client. */
export function bookOrderReceipt(order: BookOrder, user: Pick<User, 'email' | 'firstname'>): MailMessage {
  const lines = order.lines.map(
    (line) => `  ${line.quantity} × ${line.title} at ${formatMoney(line.unitPricePence, order.currency)} = ${formatMoney(line.unitPricePence * line.quantity, order.currency)}`,
  );
  return {
    to: user.email,
    subject: `Your receipt for book order ${String(order.id).padStart(4, '0')}`,
    text: [
      `Dear ${user.firstname},`,
      '',
      'Thank you and God bless you. Your payment was successful; copies will be sent to you shortly.',
      '',
      ...lines,
      `Total paid: ${formatMoney(order.amountMinor, order.currency)}`,
      '',
      `Delivery address: ${order.deliveryAddress || '(none given)'}`,
      `Date: ${date(order.paidAt)}`,
      ...references(`book order ${String(order.id).padStart(4, '0')}`, order),
      '',
      'Please keep this e-mail as your receipt.',
    ].join('\n'),
  };
}

export function donationReceipt(donation: Donation, user: Pick<User, 'email' | 'firstname'>): MailMessage {
  return {
    to: user.email,
    subject: `Your receipt for donation ${String(donation.id).padStart(4, '0')}`,
    text: [
      `Dear ${user.firstname},`,
      '',
      'Thank you and God bless you. Your donation was successful.',
      '',
      `Amount: ${formatMoney(donation.amountMinor, donation.currency)}`,
      ...(donation.description ? [`For: ${donation.description}`] : []),
      `Date: ${date(donation.paidAt)}`,
      ...references(`donation ${String(donation.id).padStart(4, '0')}`, donation),
      '',
      'Please keep this e-mail as your receipt.',
    ].join('\n'),
  };
}

/** PayPal could not take a month's payment of a regular gift; PayPal tries again, the member may want to act. */
export function regularGiftPaymentFailed(gift: RegularDonation, user: Pick<User, 'email' | 'firstname'>): MailMessage {
  return {
    to: user.email,
    subject: 'Your monthly gift could not be taken this month',
    text: [
      `Dear ${user.firstname},`,
      '',
      `PayPal could not take this month's payment of your monthly gift of ${formatMoney(gift.amountMinor, gift.currency)}.`,
      'PayPal will try again in the coming days. If your card or bank account has changed, please update it in your PayPal account.',
      '',
      `You can see or cancel your regular gifts at any time in your member area, under "My regular giving".`,
      `Reference: regular gift ${String(gift.id).padStart(4, '0')}`,
      `PayPal subscription: ${gift.paypalSubscriptionId ?? '-'}`,
      '',
      'Thank you for your faithful giving.',
    ].join('\n'),
  };
}
