import { notFound, randomId, type Answer } from './answers.js';
import type { Checkout } from './checkout.js';
import type { Store } from './database/store.js';
import { formatMoney } from './money.js';
import { markApproved } from './order.js';

/**
 * A small stand-in for PayPal's JS SDK (`/sdk/js?client-id=...`), enough for `@paypal/react-paypal-js`'s
 * `PayPalButtons`: `paypal.Buttons(props)` with `isEligible`, `render`, `close` and `updateProps`. Its button
 * calls the page's `createOrder`, shows the amount in an in-page panel standing in for PayPal's pop-up, and on
 * Pay approves the order here and calls `onApprove` (on Cancel, `onCancel`). The page then captures through the
 * shop's own API, as with PayPal.
 */
export function sdkScript(base: string): string {
  return `(() => {
  const base = ${JSON.stringify(base)};
  const answer = (r) => (r.ok ? r.json() : Promise.reject(new Error('PayPal answered ' + r.status)));
  function Buttons(props) {
    let container = null;
    // The approve link's key, which the page remembered when its server created the order (approveUrlOf): as on
    // PayPal's own approval page, the order id alone approves nothing.
    const keyOf = (orderID) => {
      const link = props.approveUrlOf && props.approveUrlOf(orderID);
      return (link && new URL(link, location.href).searchParams.get('key')) || '';
    };
    const orderPath = (orderID) => base + '/sdk/orders/' + encodeURIComponent(orderID);
    const actions = { enable: () => Promise.resolve(), disable: () => Promise.resolve() };
    function panel(orderID, order) {
      const box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', 'PayPal (test payments)');
      box.className = 'paypal-emulator-panel';
      box.style.cssText = 'border:2px solid #003087;padding:1rem;margin:.5rem 0;background:#fff';
      const text = document.createElement('p');
      text.textContent = 'Test payments: no money moves. Pay ' + order.amount + ' to ' + (order.description || 'the shop') + '?';
      const pay = document.createElement('button');
      pay.type = 'button';
      pay.textContent = 'Pay ' + order.amount;
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.textContent = 'Cancel';
      box.append(text, pay, cancel);
      pay.onclick = () => {
        box.remove();
        fetch(orderPath(orderID) + '/approve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: keyOf(orderID) }) })
          .then(answer)
          .then((approved) => props.onApprove && props.onApprove({ orderID, payerID: approved.payerID, paymentSource: 'paypal' }, {}))
          .catch((error) => props.onError && props.onError(error));
      };
      cancel.onclick = () => {
        box.remove();
        if (props.onCancel) props.onCancel({ orderID });
      };
      return box;
    }
    return {
      isEligible: () => true,
      render(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('no container to render the buttons in'));
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-emulator-button';
        button.textContent = 'PayPal';
        button.setAttribute('aria-label', 'Pay with PayPal (test payments)');
        button.style.cssText = 'background:#ffc439;color:#111;border:0;border-radius:4px;padding:.7rem 1.5rem;font:inherit;font-weight:700;cursor:pointer;min-width:12rem';
        button.onclick = () => {
          button.disabled = true;
          Promise.resolve(props.createOrder ? props.createOrder({ paymentSource: 'paypal' }, {}) : Promise.reject(new Error('createOrder is missing')))
            .then((orderID) => fetch(orderPath(orderID) + '?key=' + encodeURIComponent(keyOf(orderID))).then(answer).then((shown) => container.append(panel(orderID, shown))))
            .catch((error) => props.onError && props.onError(error))
            .finally(() => { button.disabled = false; });
        };
        container.append(button);
        if (props.onInit) props.onInit({}, actions);
        return Promise.resolve();
      },
      close() {
        if (container) container.replaceChildren();
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
    };
  }
  window.paypal = { version: '5.0.0-emulator', Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
`;
}

/**
 * The order side of the stand-in. PayPal's pop-up approves an order once the buyer has logged in; the stand-in
 * has no buyer to log in, so, as its approval page, it asks for the key of the approve link the shop was given
 * (the page hands it over). That approves, never pays: only the shop captures, and only its owner's order.
 */
export class SdkOrders {
  constructor(
    private readonly store: Store,
    private readonly checkout: Checkout,
  ) {}

  async show(id: string, key: string): Promise<Answer> {
    const order = await this.checkout.linked(this.store.pool, id, key);
    if (!order) return notFound();
    const unit = order.request.purchase_units[0];
    return { status: 200, body: { id: order.id, status: order.status, amount: formatMoney(unit.amount.value, unit.amount.currency_code), description: unit.description } };
  }

  approve(id: string, key: string): Promise<Answer> {
    return this.store.transaction(async (db) => {
      const order = await this.checkout.linked(db, id, key, true);
      if (!order) return notFound();
      markApproved(order, randomId(13));
      await this.store.saveOrder(db, order);
      return { status: 200, body: { orderID: order.id, payerID: order.payerId, status: order.status } };
    });
  }
}
