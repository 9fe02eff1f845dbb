import { ArgsType, Field, Float, ID, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsBoolean, IsEnum, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../../common/list.js';
import { MailingChoiceInput, MailingChoicesField } from '../../../common/mailing-choices.js';
import { DONATION_CURRENCIES } from '../../money.js';
import { GiftAidDeclarationInput } from '../../gift-aid/dto/gift-aid.args.js';
import { GiftAidStatus } from '../../gift-aid/gift-aid-status.service.js';
import { DonationStatus } from '../donation.entity.js';

export const MAX_DESCRIPTION = 500;

/** How much and in which currency: a one-off gift, or each month of a regular one. */
@ArgsType()
export class GiftAmountArgs {
  @Field(() => Float, { description: 'Up to two decimals, at most 10000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'amount must be a number' })
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @Field({ description: 'GBP or USD' })
  @IsString({ message: 'currency must be GBP or USD' })
  @IsNotEmpty({ message: 'currency is required' })
  currency: string;
}

@ArgsType()
export class CreateDonationArgs extends GiftAmountArgs {
  @MailingChoicesField()
  mailingChoices?: MailingChoiceInput[] | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(MAX_DESCRIPTION, { message: `description must be at most ${MAX_DESCRIPTION} characters` })
  @IsString()
  description?: string;

  @Field(() => Boolean, { nullable: true, description: "true: Gift Aid under the donor's declaration (required); false: none on this gift" })
  @IsOptional()
  @IsBoolean()
  giftAid?: boolean;

  @Field(() => GiftAidDeclarationInput, {
    nullable: true,
    description: 'A Gift Aid declaration made with this gift, stored with it in one transaction: a refused gift leaves none. Implies giftAid: true',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => GiftAidDeclarationInput)
  giftAidDeclaration?: GiftAidDeclarationInput;
}

/** What lists of gifts (one-off and regular) are also filtered by, beside their status. */
@InputType({ isAbstract: true })
export class GiftFilterInput extends ListFilterInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsIn(DONATION_CURRENCIES)
  currency?: string;

  @Field(() => ID, { nullable: true, description: 'Finance staff only; a member always sees their own' })
  @IsOptional()
  userId?: string;
}

@InputType()
export class DonationFilter extends GiftFilterInput {
  @Field(() => DonationStatus, { nullable: true })
  @IsOptional()
  @IsEnum(DonationStatus)
  status?: DonationStatus;

  @Field(() => GiftAidStatus, { nullable: true })
  @IsOptional()
  @IsEnum(GiftAidStatus)
  giftAidStatus?: GiftAidStatus;
}

@ArgsType()
export class AllDonationsArgs extends ListArgs {
  @FilterArg(() => DonationFilter)
  filter?: DonationFilter;
}
