import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { CONSENT_BASES, type ConsentBasis } from '@ministry/shared';
import { EmailAddress } from '../../common/email-address.js';
import { SingleLine } from '../../common/fields.js';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { MAILING_CHOICES_MAX, MailingChoiceInput } from '../../common/mailing-choices.js';
import { ConsentBasisEnum } from './mailing-list.entity.js';

@InputType()
export class MailingListFilter extends ListFilterInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean()
  public?: boolean;
}

@ArgsType()
export class AllMailingListsArgs extends ListArgs {
  @FilterArg(() => MailingListFilter)
  filter?: MailingListFilter;
}

@ArgsType()
export class MailingListFieldsArgs {
  @Field()
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  @SingleLine()
  name: string;

  @Field()
  @IsString({ message: 'description must be text' })
  @MaxLength(500, { message: 'description must be at most 500 characters' })
  @SingleLine()
  description: string;

  @Field()
  @IsBoolean({ message: 'public must be true or false' })
  public: boolean;
}

@ArgsType()
export class CreateMailingListArgs extends MailingListFieldsArgs {
  @Field(() => ConsentBasisEnum)
  @IsIn(CONSENT_BASES.filter((basis) => basis !== 'ServiceMessage'), {
    message: 'basis must be Consent or CharitableSoftOptIn: a list is never a service message',
  })
  basis: ConsentBasis;
}

@ArgsType()
export class UpdateMailingListArgs extends MailingListFieldsArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;
}

@ArgsType()
export class SubscribeArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'listId is required' })
  listId: string;

  @Field()
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @EmailAddress('email must be an e-mail address')
  email: string;
}

@ArgsType()
export class MailTokenArgs {
  @Field({ description: 'The token of the e-mailed link' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(100, { message: 'token is not valid' })
  token: string;
}

@ArgsType()
export class UpdatePreferencesArgs {
  @Field(() => [MailingChoiceInput], { description: 'Ticked: subscribed' })
  @IsArray({ message: 'lists must be a list' })
  @ArrayMaxSize(MAILING_CHOICES_MAX, { message: `At most ${MAILING_CHOICES_MAX} lists` })
  @ValidateNested({ each: true })
  @Type(() => MailingChoiceInput)
  lists: MailingChoiceInput[];
}

@ArgsType()
export class ConsentHistoryArgs {
  @Field()
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @EmailAddress('email must be an e-mail address')
  email: string;
}

@ArgsType()
export class WithdrawConsentArgs extends ConsentHistoryArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'listId is required' })
  listId: string;
}

@ArgsType()
export class RecordConsentArgs extends WithdrawConsentArgs {
  @Field({ description: 'What the person agreed to, in their words or the form’s' })
  @IsString({ message: 'wording is required' })
  @IsNotEmpty({ message: 'wording is required: what did the person agree to?' })
  @MaxLength(1000, { message: 'wording must be at most 1000 characters' })
  wording: string;
}
