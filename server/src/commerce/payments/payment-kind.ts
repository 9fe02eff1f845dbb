import type { EntityTarget } from 'typeorm';
import type { User } from '../../auth/index.js';
import type { MailMessage } from '../../mail/index.js';
import type { ExchangeRate } from './judge.js';
import type { PaymentRecord } from './payment-record.js';
import type { PaymentOutcome } from './payment-result.js';

/** What differs between book orders and donations, for the shared payment steps. */
export interface PaymentKind<T extends PaymentRecord> {
  /** Prefix of `custom_id` and of every PayPal-Request-Id: `book-order-12`. */
  name: 'book-order' | 'donation' | 'ticket';
  entity: EntityTarget<T> & (new () => T);
  /** For messages: 'order', 'donation'. */
  label: string;
  returnPath: string;
  cancelPath: string;
  /** What the buyer reads once paid; a function where it names what was paid. */
  successMessage: string | ((record: T) => string);
  /** The receipt e-mailed once paid; none where the feature that asked for the payment sends its own. */
  receipt?(record: T, user: User): MailMessage;
  /** Keeps the rate PayPal converted a paid capture at into the account's currency, where the kind needs it. */
  converted?(record: T, rate: ExchangeRate): void;
  /** Refunds are recorded one by one from PayPal's refund events, never read off an order's capture status. */
  refundsRecordedApart?: boolean;
}

export interface Settlement<T> {
  outcome: PaymentOutcome;
  message: string;
  record: T;
  approveUrl: string | null;
  /** PayPal could not be asked; nothing changed and the same call may be retried. */
  unavailable?: boolean;
}
