import { fromPayPalValue } from '../money.js';
import type { PaymentGateway } from '../paypal/payment-gateway.js';
import { DonationRefundKind } from './donation-refund.entity.js';

/** A refund or reversal as PayPal reports it, read back from PayPal. */
export interface PayPalRefund {
  paypalId: string;
  kind: DonationRefundKind;
  /** The capture (one-off gift) or sale (monthly payment) it took money from. */
  paymentId: string | undefined;
  monthly: boolean;
  completed: boolean;
  amountMinor: number | undefined;
  currency: string | undefined;
  refundedAt: Date;
}

/** PayPal writes a reversal's amount as negative; what it took back is its size. */
const minorOf = (value: string | undefined): number | undefined => {
  const minor = fromPayPalValue(value);
  return minor === undefined ? undefined : Math.abs(minor);
};

const when = (time: string | undefined): Date => {
  const parsed = time ? new Date(time) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
};

/** A one-off gift's refund (of a capture), as PayPal's payments API reports it. */
export function captureRefund(refund: Awaited<ReturnType<PaymentGateway['getRefund']>>, kind: DonationRefundKind): PayPalRefund {
  const up = refund.links?.find((link) => link.rel === 'up')?.href?.match(/\/captures\/([A-Za-z0-9]+)/)?.[1];
  return {
    paypalId: refund.id,
    kind,
    paymentId: up ?? refund.supplementary_data?.related_ids?.capture_id,
    monthly: false,
    completed: refund.status === 'COMPLETED',
    amountMinor: minorOf(refund.amount?.value),
    currency: refund.amount?.currency_code,
    refundedAt: when(refund.create_time),
  };
}

/** A monthly payment's refund (of a sale), as PayPal's subscriptions API reports it. */
export function saleRefund(refund: Awaited<ReturnType<PaymentGateway['getSaleRefund']>>, kind: DonationRefundKind): PayPalRefund {
  return {
    paypalId: refund.id,
    kind,
    paymentId: refund.sale_id,
    monthly: true,
    completed: refund.state === 'completed',
    amountMinor: minorOf(refund.amount?.total),
    currency: refund.amount?.currency,
    refundedAt: when(refund.create_time),
  };
}

/** The refund or reversal a PayPal event names, as PayPal answers it when asked. */
export async function readRefundAtPayPal(gateway: PaymentGateway, eventType: string, refundId: string): Promise<PayPalRefund> {
  const kind = eventType.endsWith('.REVERSED') ? DonationRefundKind.Reversal : DonationRefundKind.Refund;
  if (eventType.startsWith('PAYMENT.SALE.')) return saleRefund(await gateway.getSaleRefund(refundId), kind);
  return captureRefund(await gateway.getRefund(refundId), kind);
}
