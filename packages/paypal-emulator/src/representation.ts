import type { Addresses, EmulatedOrder } from './order.js';
import type { LinkDescription, Order } from './paypal-shapes.js';
import type { Signer } from './signer.js';

/** The order as PayPal's `GET /v2/checkout/orders/:id` answers it, with links where the caller reached us. */
export function representation(order: EmulatedOrder, addresses: Addresses, signer: Signer): Order {
  const unit = order.request.purchase_units[0];
  const self = `${addresses.api}/v2/checkout/orders/${order.id}`;
  const links: LinkDescription[] = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
    links.push({
      href: `${addresses.buyer}/checkoutnow?token=${order.id}&key=${signer.approvalKey(order.id)}`,
      rel: order.experienceContext ? 'payer-action' : 'approve',
      method: 'GET',
    });
  }
  if (order.status === 'APPROVED') links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  const captures = order.capture
    ? [{ ...order.capture, links: [{ href: `${addresses.api}/v2/payments/captures/${order.capture.id}`, rel: 'self', method: 'GET' }] }]
    : undefined;
  return {
    id: order.id,
    intent: order.request.intent,
    status: order.status,
    purchase_units: [
      {
        reference_id: unit.reference_id ?? 'default',
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.description ? { description: unit.description } : {}),
        amount: unit.amount,
        ...(unit.items ? { items: unit.items } : {}),
        ...(captures ? { payments: { captures, ...(order.refund ? { refunds: [order.refund] } : {}) } } : {}),
      },
    ],
    ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: 'buyer@emulator.invalid' } } : {}),
    create_time: order.createTime.toISOString(),
    update_time: order.updateTime.toISOString(),
    links,
  };
}
