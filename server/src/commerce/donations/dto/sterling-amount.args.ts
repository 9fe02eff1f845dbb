import { ArgsType, Field, Float, ID } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SingleLine, trim } from '../../../common/fields.js';

/** What a USD gift was worth in pounds, and the rate behind it: Finance can show where it came from. */
@ArgsType()
export class SterlingAmountArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field(() => Float, { description: 'The pounds the USD gift was worth, up to two decimals' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  amount: number;

  @Field(() => String, { nullable: true, description: 'Pounds to the dollar, e.g. "0.7850"; up to 8 decimals' })
  @IsOptional()
  @Transform(trim)
  @Matches(/^\d{1,4}(\.\d{1,8})?$/, { message: 'rate must be a number of pounds to the dollar, e.g. 0.7850' })
  rate?: string;

  @Field(() => String, { nullable: true, description: 'Where the rate came from, e.g. "PayPal statement" or "Bank of England"; at most 60 characters' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(60, { message: 'rateSource must be at most 60 characters' })
  @SingleLine()
  rateSource?: string;

  @Field(() => String, { nullable: true, description: 'The day the rate applies to (YYYY-MM-DD)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'rateDate must be a date (YYYY-MM-DD)' })
  rateDate?: string;
}
