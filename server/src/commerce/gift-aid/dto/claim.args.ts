import { ArgsType, Field, Float, ID, InputType } from '@nestjs/graphql';
import { IsEnum, IsNumber, IsOptional, IsString, Matches } from 'class-validator';
import { RECORD_ID, RequiredText, SingleLine } from '../../../common/fields.js';
import { FilterArg, ListArgs, ListFilterInput } from '../../../common/list.js';
import { GiftAidClaimStatus } from '../claim.entity.js';
import { CalendarDay } from './gift-aid.args.js';

@ArgsType()
export class GiftAidClaimIdArgs {
  @Field(() => ID)
  @IsString({ message: 'id must be a record id' })
  @Matches(RECORD_ID, { message: 'id must be a record id' })
  id: string;
}

@ArgsType()
export class SubmitGiftAidClaimArgs extends GiftAidClaimIdArgs {
  @Field({ description: "HMRC's reference for the submission (letters, digits, spaces, . / -; at most 64 characters)" })
  @RequiredText('hmrcReference', 64)
  @SingleLine()
  hmrcReference: string;
}

@ArgsType()
export class RecordGiftAidPaymentArgs extends GiftAidClaimIdArgs {
  @Field(() => Float, { description: 'What HMRC paid, in pounds' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  amount: number;

  @Field({ description: 'The day the payment arrived (YYYY-MM-DD)' })
  @CalendarDay('receivedOn')
  receivedOn: string;
}

@ArgsType()
export class RejectGiftAidClaimArgs extends GiftAidClaimIdArgs {
  @Field({ description: 'Why HMRC rejected it, as HMRC said (at most 500 characters)' })
  @RequiredText('reason', 500)
  reason: string;
}

@InputType()
export class GiftAidClaimFilter extends ListFilterInput {
  @Field(() => GiftAidClaimStatus, { nullable: true })
  @IsOptional()
  @IsEnum(GiftAidClaimStatus)
  status?: GiftAidClaimStatus;

  @Field(() => ID, { nullable: true, description: 'The claims made together for one period, by the id of the first' })
  @IsOptional()
  @IsString({ message: 'batchId must be a record id' })
  @Matches(RECORD_ID, { message: 'batchId must be a record id' })
  batchId?: string;
}

@ArgsType()
export class AllGiftAidClaimsArgs extends ListArgs {
  @FilterArg(() => GiftAidClaimFilter)
  filter?: GiftAidClaimFilter;
}
