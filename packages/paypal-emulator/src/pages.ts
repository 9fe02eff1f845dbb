import type { Billing, SubscriptionView } from './billing.js';
import type { CheckoutView } from './checkout.js';
import type { Controls } from './controls.js';
import { formatMoney } from './money.js';
import type { CaptureScenario } from './order.js';
import type { PurchaseUnitRequest } from './paypal-shapes.js';
import { EMULATOR_EVENTS } from './webhooks.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SCENARIO_LABELS: Record<CaptureScenario, string> = {
  COMPLETED: 'Complete the payment',
  DECLINED: 'Decline the card (INSTRUMENT_DECLINED), so the buyer must approve again',
  PENDING: 'Leave the payment pending (PENDING_REVIEW) until a webhook completes it',
  ALREADY_CAPTURED: 'Capture it but answer ORDER_ALREADY_CAPTURED, as if the first answer was lost',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f5f7fa;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
.banner{background:#fff3cd;border:2px solid #8a6d00;padding:.75rem 1rem;font-weight:600}
table{border-collapse:collapse;width:100%;background:#fff;margin:1rem 0}
th,td{border:1px solid #c8ced6;padding:.5rem;text-align:left}
td.num,th.num{text-align:right}
fieldset{border:1px solid #c8ced6;background:#fff;margin:1rem 0}
label{display:block;padding:.25rem 0}
button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:.3rem;border:2px solid #003087;cursor:pointer}
button.pay{background:#003087;color:#fff}
button.cancel{background:#fff;color:#003087}
button:focus-visible,input:focus-visible{outline:3px solid #ffb700;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="banner" role="note">Test payments: no money moves. This page stands in for PayPal.</p>
${body}
</main>
</body>
</html>`;
}

function itemsTable(unit: PurchaseUnitRequest): string {
  const currency = unit.amount.currency_code;
  const rows = (unit.items?.length ? unit.items : [{ name: unit.description ?? 'Payment', quantity: '1', unit_amount: unit.amount }])
    .map(
      (item) =>
        `<tr><td>${escape(item.name)}</td><td class="num">${escape(item.quantity)}</td><td class="num">${escape(formatMoney(item.unit_amount.value, currency))}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption>What you are paying for</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Price each</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${escape(formatMoney(unit.amount.value, currency))}</td></tr></tfoot>
</table>`;
}

/** The approval page a buyer reaches from the approve link: Pay or Cancel. `path` is where the emulator is mounted. */
export function checkoutPage(view: CheckoutView, path: string): string {
  const total = formatMoney(view.unit.amount.value, view.unit.amount.currency_code);
  const approvable = view.status === 'CREATED' || view.status === 'PAYER_ACTION_REQUIRED';
  const hidden = `<input type="hidden" name="token" value="${escape(view.id)}">
<input type="hidden" name="key" value="${escape(view.key)}">`;
  const choices = (Object.keys(SCENARIO_LABELS) as CaptureScenario[])
    .map(
      (scenario) =>
        `<label><input type="radio" name="outcome" value="${scenario}"${scenario === view.scenario ? ' checked' : ''}> ${escape(SCENARIO_LABELS[scenario])}</label>`,
    )
    .join('\n');
  const body = approvable
    ? `<h1>Approve your payment of ${escape(total)}</h1>
<p>PayPal order <code>${escape(view.id)}</code></p>
${itemsTable(view.unit)}
<form method="post" action="${escape(path)}/checkoutnow">
${hidden}
<fieldset>
<legend>When the shop captures this payment (for testing)</legend>
${choices}
</fieldset>
<button type="submit" class="pay" name="action" value="pay">Pay ${escape(total)}</button>
<button type="submit" class="cancel" name="action" value="cancel">Cancel and return to the shop</button>
</form>`
    : `<h1>This payment is already ${view.status === 'APPROVED' ? 'approved' : 'complete'}</h1>
<p>PayPal order <code>${escape(view.id)}</code> (${escape(view.status)}).</p>
<form method="post" action="${escape(path)}/checkoutnow">
${hidden}
<button type="submit" class="pay" name="action" value="pay">Return to the shop</button>
</form>`;
  return page(`Pay ${total} (test payments)`, body);
}

/** The approval page of a subscription's approve link: agree to be billed every month, or go back. */
export function subscriptionPage(view: SubscriptionView, path: string): string {
  const hidden = `<input type="hidden" name="token" value="${escape(view.id)}">
<input type="hidden" name="key" value="${escape(view.key)}">`;
  const body =
    view.status === 'APPROVAL_PENDING'
      ? `<h1>Agree to pay ${escape(view.price)} every month</h1>
<p>${escape(view.product)}: PayPal subscription <code>${escape(view.id)}</code>. The first payment is taken today, then one every month until you cancel.</p>
<form method="post" action="${escape(path)}/subscribe">
${hidden}
<button type="submit" class="pay" name="action" value="approve">Agree and subscribe</button>
<button type="submit" class="cancel" name="action" value="cancel">Cancel and return to the site</button>
</form>`
      : `<h1>This subscription is ${escape(view.status.toLowerCase().replace('_', ' '))}</h1>
<form method="post" action="${escape(path)}/subscribe">
${hidden}
<button type="submit" class="pay" name="action" value="approve">Return to the site</button>
</form>`;
  return page(`Subscribe: ${view.price} a month (test payments)`, body);
}

export function notFoundPage(): string {
  return page(
    'Payment not found (test payments)',
    '<h1>This payment link is not valid</h1><p>The order does not exist, or it is too old and was cleared away. Please start again from the shop.</p>',
  );
}

/** A list of recent orders with buttons to send webhook events, for developers trying the shop by hand. */
export function dashboardPage(
  orders: Awaited<ReturnType<Controls['recentOrders']>>,
  subscriptions: Awaited<ReturnType<Billing['recentSubscriptions']>>,
  path: string,
  notice?: string,
): string {
  const buttons = EMULATOR_EVENTS.map((type) => `<button type="submit" class="cancel" name="event_type" value="${type}">${escape(type)}</button>`).join('');
  const rows = orders
    .map(
      (order) =>
        `<tr><td><code>${escape(order.id)}</code></td><td>${escape(order.description ?? '')}</td><td class="num">${escape(formatMoney(order.amount.value, order.amount.currency_code))}</td><td>${escape(order.status)}${order.captureStatus ? ` / capture ${escape(order.captureStatus)}` : ''}</td>
<td><form method="post" action="${escape(path)}/dashboard/events"><input type="hidden" name="order" value="${escape(order.id)}">${buttons}</form></td></tr>`,
    )
    .join('\n');
  const body = `<h1>PayPal emulator</h1>
${notice ? `<p role="status">${escape(notice)}</p>` : ''}
<p>Recent orders, newest first. Each button applies the event (a pending capture completes or is denied, a capture is refunded) and sends it, signed, to the shop's webhook.</p>
<table>
<caption>Recent orders</caption>
<thead><tr><th scope="col">Order</th><th scope="col">Description</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col">Send a webhook event</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No orders yet.</td></tr>'}
</tbody>
</table>
<table>
<caption>Recent subscriptions</caption>
<thead><tr><th scope="col">Subscription</th><th scope="col" class="num">Every month</th><th scope="col">Status</th><th scope="col" class="num">Payments</th><th scope="col">Billing</th></tr></thead>
<tbody>
${
  subscriptions
    .map(
      (subscription) =>
        `<tr><td><code>${escape(subscription.id)}</code></td><td class="num">${escape(subscription.price)}</td><td>${escape(subscription.status)}</td><td class="num">${subscription.cyclesCompleted}</td>
<td><form method="post" action="${escape(path)}/dashboard/subscriptions"><input type="hidden" name="subscription" value="${escape(subscription.id)}"><button type="submit" class="cancel" name="action" value="cycle">Take the next payment</button><button type="submit" class="cancel" name="action" value="fail">Fail the next payment</button></form></td></tr>`,
    )
    .join('\n') || '<tr><td colspan="5">No subscriptions yet.</td></tr>'
}
</tbody>
</table>`;
  return page('PayPal emulator', body);
}
