import { ArgsType, Field, Float, ID } from '@nestjs/graphql';
import { IsNumber, IsString, Matches } from 'class-validator';
import { RECORD_ID, RequiredText, SingleLine } from '../../../common/fields.js';
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
