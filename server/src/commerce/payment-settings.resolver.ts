import { Inject } from '@nestjs/common';
import { Query, Resolver } from '@nestjs/graphql';
import { Public } from '../access/decorators.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './paypal/payment-gateway.js';
import { PaymentSettings } from './payments/payment-result.js';

@Resolver(() => PaymentSettings)
export class PaymentSettingsResolver {
  constructor(@Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway) {}

  @Public()
  @Query(() => PaymentSettings, { description: 'Whether payments are test payments, and the PayPal client id for the browser.' })
  paymentSettings(): PaymentSettings {
    return { testPayments: this.gateway.testPayments, paypalClientId: this.gateway.publicClientId ?? null, paypalSdkUrl: this.gateway.sdkUrl ?? null };
  }
}
