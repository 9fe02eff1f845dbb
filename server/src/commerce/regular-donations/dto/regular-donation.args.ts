import { ArgsType, Field, Float, ID, InputType, ObjectType } from '@nestjs/graphql';
import { IsEnum, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../../common/list.js';
import { DONATION_CURRENCIES } from '../../money.js';
import { RegularDonationStatus } from '../regular-donation.entity.js';

@ArgsType()
export class CreateRegularDonationArgs {
  @Field(() => Float, { description: 'Each month: up to two decimals, at most 10000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @Field({ description: 'GBP or USD' })
  @IsString({ message: 'currency must be GBP or USD' })
  @IsNotEmpty({ message: 'currency is required' })
  currency: string;
}

@ArgsType()
export class ConfirmRegularDonationArgs {
  @Field({ description: 'The `subscription_id` PayPal sent the member back with' })
  @IsString()
  @IsNotEmpty({ message: 'subscriptionID is required' })
  @MaxLength(50)
  subscriptionID: string;
}

@InputType()
export class RegularDonationFilter extends ListFilterInput {
  @Field(() => RegularDonationStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RegularDonationStatus)
  status?: RegularDonationStatus;

  @Field({ nullable: true })
  @IsOptional()
  @IsIn(DONATION_CURRENCIES)
  currency?: string;

  @Field(() => ID, { nullable: true, description: 'Finance staff only; a member always sees their own' })
  @IsOptional()
  userId?: string;
}

@ArgsType()
export class AllRegularDonationsArgs extends ListArgs {
  @FilterArg(() => RegularDonationFilter)
  filter?: RegularDonationFilter;
}

/** Answer of createRegularDonation: where to send the member to agree to the gift. */
@ObjectType()
export class RegularDonationCheckout {
  @Field(() => ID, { description: 'Our regular gift id' })
  id: number;

  @Field({ description: 'The PayPal subscription id' })
  subscriptionID: string;

  @Field()
  approveUrl: string;

  @Field(() => RegularDonationStatus)
  status: RegularDonationStatus;
}

/** What the Active gifts in one currency bring in each month. */
@ObjectType()
export class MonthlyTotal {
  @Field()
  currency: string;

  @Field(() => Float)
  amount: number;

  @Field({ description: 'How many Active gifts' })
  gifts: number;
}
