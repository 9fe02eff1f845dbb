import { ArgsType, Field, Float, ID, InputType } from '@nestjs/graphql';
import { IsEnum, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../../common/list.js';
import { DONATION_CURRENCIES } from '../../money.js';
import { DonationStatus } from '../donation.entity.js';

export const MAX_DESCRIPTION = 500;

@ArgsType()
export class CreateDonationArgs {
  @Field(() => Float, { description: 'Up to two decimals, at most 10000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @Field({ description: 'GBP or USD' })
  @IsString({ message: 'currency must be GBP or USD' })
  @IsNotEmpty({ message: 'currency is required' })
  currency: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(MAX_DESCRIPTION, { message: `description must be at most ${MAX_DESCRIPTION} characters` })
  @IsString()
  description?: string;
}

@InputType()
export class DonationFilter extends ListFilterInput {
  @Field(() => DonationStatus, { nullable: true })
  @IsOptional()
  @IsEnum(DonationStatus)
  status?: DonationStatus;

  @Field({ nullable: true })
  @IsOptional()
  @IsIn(DONATION_CURRENCIES)
  currency?: string;

  @Field(() => ID, { nullable: true, description: 'Admins only; a member always sees their own' })
  @IsOptional()
  userId?: string;
}

@ArgsType()
export class AllDonationsArgs extends ListArgs {
  @FilterArg(() => DonationFilter)
  filter?: DonationFilter;
}
