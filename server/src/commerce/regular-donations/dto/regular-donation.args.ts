import { ArgsType, Field, Float, ID, InputType, ObjectType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsBoolean, IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { FilterArg, ListArgs } from '../../../common/list.js';
import { MailingChoiceInput, MailingChoicesField } from '../../../common/mailing-choices.js';
import { GiftAmountArgs, GiftFilterInput } from '../../donations/dto/donation.args.js';
import { GiftAidDeclarationInput } from '../../gift-aid/dto/gift-aid.args.js';
import { RegularDonationStatus } from '../regular-donation.entity.js';

@ArgsType()
export class CreateRegularDonationArgs extends GiftAmountArgs {
  @MailingChoicesField()
  mailingChoices?: MailingChoiceInput[] | null;

  @Field(() => Boolean, { nullable: true, description: "true: Gift Aid on every payment under the member's enduring declaration (required); false: none" })
  @IsOptional()
  @IsBoolean()
  giftAid?: boolean;

  @Field(() => GiftAidDeclarationInput, {
    nullable: true,
    description: 'An enduring Gift Aid declaration made with this gift, stored with it once the gift is valid (a refused gift leaves none). Implies giftAid: true',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => GiftAidDeclarationInput)
  giftAidDeclaration?: GiftAidDeclarationInput;
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
export class RegularDonationFilter extends GiftFilterInput {
  @Field(() => RegularDonationStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RegularDonationStatus)
  status?: RegularDonationStatus;
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
