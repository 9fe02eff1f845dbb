import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Donation } from '../donations/donation.entity.js';
import { BookOrder } from '../orders/book-order.entity.js';

export enum PaymentOutcome {
  COMPLETED = 'COMPLETED',
  PENDING = 'PENDING',
  DECLINED = 'DECLINED',
  FAILED = 'FAILED',
}
registerEnumType(PaymentOutcome, {
  name: 'PaymentOutcome',
  valuesMap: {
    COMPLETED: { description: 'Paid; show the success screen' },
    PENDING: { description: 'PayPal is still confirming; a webhook settles it and a receipt follows' },
    DECLINED: { description: 'Not paid; send the buyer to approveUrl again' },
    FAILED: { description: 'Not paid and cannot be retried; start a new order' },
  },
});

/** Answer of createBookOrder / createDonation: where to send the buyer. */
@ObjectType()
export class Checkout {
  @Field(() => ID, { description: 'Our order or donation id' })
  id: number;

  @Field({ description: 'The PayPal order id' })
  orderID: string;

  @Field()
  approveUrl: string;

  @Field()
  status: string;
}

/** Answer of a capture: expected failures are results the web app shows, not errors. */
@ObjectType()
export class PaymentResult {
  @Field(() => PaymentOutcome)
  status: PaymentOutcome;

  @Field()
  message: string;

  @Field(() => BookOrder, { nullable: true })
  bookOrder?: BookOrder;

  @Field(() => Donation, { nullable: true })
  donation?: Donation;

  @Field(() => String, { nullable: true, description: 'Where to approve the payment again after DECLINED' })
  approveUrl?: string | null;
}

@ObjectType()
export class PaymentSettings {
  @Field({ description: "True while the built-in PayPal emulator takes payments: show 'Test payments: no money moves'" })
  testPayments: boolean;

  @Field(() => String, { nullable: true, description: "PayPal REST client id for PayPal's buttons (the emulator's own while it is in use)" })
  paypalClientId?: string | null;

  @Field(() => String, { nullable: true, description: "Where to load PayPal's JS SDK from when not from PayPal (the emulator's stand-in); null for PayPal's own" })
  paypalSdkUrl?: string | null;
}
