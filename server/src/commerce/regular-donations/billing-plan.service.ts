import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../paypal/payment-gateway.js';
import { BillingPlan } from './regular-donation.entity.js';

/** PayPal's catalog side of regular giving: one product, and one monthly plan per currency. */
@Injectable()
export class BillingPlanService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /**
   * The monthly plan of a currency, created at PayPal the first time (with the one catalog product) and reused
   * after. Instances take turns on a lock, so a currency never gets two plans.
   */
  planFor(currency: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('paypal_billing_plans'))");
      const plans = manager.getRepository(BillingPlan);
      const known = await plans.find();
      const mine = known.find((plan) => plan.currency === currency);
      if (mine) return mine.planId;
      const productId =
        known[0]?.productId ??
        (await this.gateway.createProduct({ name: 'Regular giving', type: 'SERVICE', category: 'CHARITY', description: 'A monthly gift to the ministry' }, 'regular-giving-product')).id;
      const plan = await this.gateway.createPlan(
        {
          product_id: productId,
          name: `Monthly gift (${currency})`,
          status: 'ACTIVE',
          // Each subscription overrides this price with the member's amount.
          billing_cycles: [
            { frequency: { interval_unit: 'MONTH', interval_count: 1 }, tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: { currency_code: currency, value: '1.00' } } },
          ],
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        `regular-giving-plan-${currency}`,
      );
      await plans.save(plans.create({ currency, productId, planId: plan.id }));
      return plan.id;
    });
  }
}
