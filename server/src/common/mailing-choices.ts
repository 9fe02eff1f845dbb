import { applyDecorators, type DynamicModule, type Type as ModuleClass } from '@nestjs/common';
import { Field, ID, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, ValidateNested } from 'class-validator';
import type { ConsentSource } from '@ministry/shared';

/** A box a form showed for a public list, and whether it was ticked. */
@InputType()
export class MailingChoiceInput {
  @Field(() => ID)
  @IsNotEmpty({ message: 'listId is required' })
  listId: string;

  @Field()
  @IsBoolean({ message: 'ticked must be true or false' })
  ticked: boolean;
}

export const MAILING_CHOICES_MAX = 20;

/** The `mailingChoices` argument of forms that offer the public lists: registration, a gift, a booking. */
export const MailingChoicesField = () =>
  applyDecorators(
    Field(() => [MailingChoiceInput], { nullable: true, description: 'One per list the form showed, with mailingChoiceWording beside its box' }),
    IsOptional(),
    IsArray({ message: 'mailingChoices must be a list' }),
    ArrayMaxSize(MAILING_CHOICES_MAX, { message: `At most ${MAILING_CHOICES_MAX} mailing choices` }),
    ValidateNested({ each: true }),
    Type(() => MailingChoiceInput),
  );

/**
 * What forms of other features (registration, a gift, a booking) ask of the mailing lists, provided by the mailing
 * feature under this token: registration is below mailing in the order of features, so it names the job, not the
 * feature that does it.
 */
export const MAILING_CHOICES = Symbol('mailing choices');

/** The module that exports `MAILING_CHOICES`: the composition root passes it to the modules whose forms offer the lists. */
export type MailingChoicesModule = ModuleClass | DynamicModule;

export interface MailingChoicesRecorder {
  /** A wrong list is a 400 naming `mailingChoices`, before the form's own record is written. */
  checkChoices(choices: readonly MailingChoiceInput[] | null | undefined): Promise<void>;
  recordForAccount(userId: number, choices: readonly MailingChoiceInput[] | null | undefined, source: ConsentSource): Promise<void>;
  recordForAddress(email: string, choices: readonly MailingChoiceInput[] | null | undefined, source: ConsentSource): Promise<void>;
}
