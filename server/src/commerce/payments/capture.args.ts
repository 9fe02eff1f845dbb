import { ArgsType, Field } from '@nestjs/graphql';
import { IsNotEmpty, IsString, Matches } from 'class-validator';

/** A PayPal order id as PayPal writes them (and as it comes back in the return URL's `token`). */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{1,36}$/;
export const PAYPAL_ORDER_ID_MESSAGE = 'orderID must be a PayPal order id';

@ArgsType()
export class CaptureArgs {
  @Field({ description: 'The PayPal order id: the `token` of the return URL' })
  @Matches(PAYPAL_ORDER_ID, { message: PAYPAL_ORDER_ID_MESSAGE })
  @IsString({ message: PAYPAL_ORDER_ID_MESSAGE })
  @IsNotEmpty({ message: 'orderID is required' })
  orderID: string;
}
