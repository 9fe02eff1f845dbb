import { randomId, safeEqual, withQuery } from './answers.js';
import type { Db, Store } from './database/store.js';
import { markApproved, type CaptureScenario, type EmulatedOrder } from './order.js';
import type { OrderStatus, PurchaseUnitRequest } from './paypal-shapes.js';
import type { Signer } from './signer.js';

/** What the approval page shows of an order. */
export interface CheckoutView {
  id: string;
  key: string;
  status: OrderStatus;
  scenario: CaptureScenario;
  unit: PurchaseUnitRequest;
}

/**
 * The buyer's side: the approval page an approve link opens, and its Pay and Cancel. Only a link this emulator
 * gave out opens an order: the id alone is not enough, so nobody who learns an id (from a receipt, a log, a
 * list) can approve someone else's order.
 */
export class Checkout {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
  ) {}

  /** The order an approve link names, when its key is the one this emulator gave for it. */
  async linked(db: Db, token: string, key: string, lock = false): Promise<EmulatedOrder | undefined> {
    if (!token || !safeEqual(key, this.signer.approvalKey(token))) return undefined;
    return this.store.order(db, token, lock);
  }

  /** The order as the approval page shows it, or undefined for an unknown token or key. */
  async view(token: string, key: string): Promise<CheckoutView | undefined> {
    const order = await this.linked(this.store.pool, token, key);
    return order && { id: order.id, key, status: order.status, scenario: order.scenario, unit: order.request.purchase_units[0] };
  }

  /**
   * The buyer pressed Pay: the order is approved and they go back to the shop's return URL (else `home`) with
   * `token` and `PayerID`. Undefined for an unknown token or key.
   */
  approve(token: string, key: string, scenario: CaptureScenario | undefined, home: string): Promise<string | undefined> {
    return this.store.transaction(async (db) => {
      const order = await this.linked(db, token, key, true);
      if (!order) return undefined;
      if (scenario) order.scenario = scenario;
      markApproved(order, randomId(13));
      await this.store.saveOrder(db, order);
      return withQuery(order.returnUrl ?? home, { token: order.id, PayerID: order.payerId ?? randomId(13) });
    });
  }

  /** The buyer pressed Cancel: back to the shop's cancel URL (else `home`) with `token`; the order stays unapproved. */
  async cancel(token: string, key: string, home: string): Promise<string | undefined> {
    const order = await this.linked(this.store.pool, token, key);
    return order && withQuery(order.cancelUrl ?? home, { token: order.id });
  }
}
