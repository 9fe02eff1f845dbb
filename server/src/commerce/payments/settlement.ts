import type { Verdict } from './judge.js';
import { type PaymentRecord, SETTLED } from './payment-record.js';
import { PaymentOutcome } from './payment-result.js';
import type { PaymentKind, Settlement } from './payment-kind.js';

/** What settling a record learnt: PayPal's verdict, or what happened when asking. */
export type Step = Verdict | { kind: 'declined'; message: string } | { kind: 'expired' } | { kind: 'unavailable' };

const PENDING = 'PayPal is still confirming your payment. We will e-mail your receipt as soon as it completes.';

/** Applies a step to a locked record; answers true when it has just become Paid. */
export function applyStep(record: PaymentRecord, step: Step): boolean {
  const open = record.status === 'Created' || record.status === 'Failed';
  switch (step.kind) {
    case 'paid':
    case 'partially-refunded': {
      record.captureId = step.captureId;
      // A capture refunded in part was paid first, however its completion and its refund were heard of.
      const captureStatus = step.kind === 'paid' ? 'COMPLETED' : 'PARTIALLY_REFUNDED';
      if (step.kind === 'partially-refunded') record.captureStatus = captureStatus;
      if (!open) return false;
      record.status = 'Paid';
      record.captureStatus = captureStatus;
      record.paidAt = new Date();
      record.failureMessage = null;
      return true;
    }
    case 'pending':
      if (record.status !== 'Created') return false;
      record.captureId = step.captureId;
      record.captureStatus = 'PENDING';
      record.failureMessage = null;
      return false;
    case 'denied':
      if (record.status !== 'Created') return false;
      record.captureId = step.captureId;
      record.captureStatus = step.captureStatus;
      record.status = 'Failed';
      record.failureMessage = 'PayPal did not complete the payment';
      return false;
    case 'refunded':
      record.captureId = step.captureId;
      record.captureStatus = 'REFUNDED';
      // A capture still pending here that PayPal reports refunded was paid first: its completion came later, or never.
      if (record.status === 'Created') record.paidAt = new Date();
      if (record.status === 'Created' || SETTLED.includes(record.status)) {
        record.status = 'Refunded';
        record.refundedAt = new Date();
      }
      return false;
    case 'mismatch':
      if (step.captureId) record.captureId = step.captureId;
      if (step.captureStatus) record.captureStatus = step.captureStatus;
      if (record.status === 'Created') {
        record.status = 'Failed';
        record.failureMessage = 'PayPal reported a different amount; please contact us';
      }
      return false;
    case 'declined':
      // A new attempt needs a new PayPal-Request-Id, or PayPal would replay this refusal.
      record.captureAttempt += 1;
      record.failureMessage = step.message;
      return false;
    case 'expired':
      record.status = 'Failed';
      record.failureMessage = 'This PayPal payment has expired; please start again';
      return false;
    case 'uncaptured':
    case 'unavailable':
      return false;
  }
}

/** The outcome a record's stored state means for the buyer. */
export function describeSettlement<T extends PaymentRecord>(kind: PaymentKind<T>, record: T): Settlement<T> {
  const result = (outcome: PaymentOutcome, message: string, approveUrl: string | null = null) => ({ outcome, message, record, approveUrl });
  switch (record.status) {
    case 'Paid':
    case 'Shipped':
      return result(PaymentOutcome.COMPLETED, typeof kind.successMessage === 'function' ? kind.successMessage(record) : kind.successMessage);
    case 'Refunded':
      return result(PaymentOutcome.FAILED, `This ${kind.label} has been refunded.`);
    case 'Failed':
      return result(PaymentOutcome.FAILED, record.failureMessage ?? 'The payment did not complete');
    default:
      if (record.captureStatus === 'PENDING') return result(PaymentOutcome.PENDING, PENDING);
      return result(PaymentOutcome.DECLINED, record.failureMessage ?? 'The payment has not been approved at PayPal yet.', record.approveUrl);
  }
}
