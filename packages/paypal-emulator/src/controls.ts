import type { Store } from './database/store.js';
import type { Addresses, CaptureScenario } from './order.js';
import { representation } from './representation.js';
import type { Signer } from './signer.js';

/** For tests and developers: what the emulator holds, and the next capture's outcome of an order. */
export class Controls {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
  ) {}

  stats() {
    return this.store.stats();
  }

  /** The order, its scenario and the capture and read calls it received. */
  async inspect(id: string, addresses: Addresses) {
    const order = await this.store.order(this.store.pool, id);
    return order && { order: representation(order, addresses, this.signer), scenario: order.scenario, captureCalls: order.captureCalls, getCalls: order.getCalls };
  }

  setScenario(id: string, scenario: CaptureScenario): Promise<boolean> {
    return this.store.transaction(async (db) => {
      const order = await this.store.order(db, id, true);
      if (!order) return false;
      order.scenario = scenario;
      await this.store.saveOrder(db, order);
      return true;
    });
  }

  /** The next `count` refunds of the order's capture are refused, as PayPal refuses one it cannot make. */
  refuseRefunds(id: string, count: number): Promise<boolean> {
    return this.store.transaction(async (db) => {
      const order = await this.store.order(db, id, true);
      if (!order) return false;
      order.refundRefusals = count;
      await this.store.saveOrder(db, order);
      return true;
    });
  }

  async recentOrders(limit = 50) {
    return (await this.store.recentOrders(limit)).map((order) => ({
      id: order.id,
      status: order.status,
      captureStatus: order.capture?.status,
      amount: order.request.purchase_units[0].amount,
      description: order.request.purchase_units[0].description,
    }));
  }
}
