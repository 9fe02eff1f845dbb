import { ArgsType, Field, ID, ObjectType } from '@nestjs/graphql';
import { CONTACT_REASONS } from '@ministry/shared';
import { Transform } from 'class-transformer';
import { lowerTrim, SingleLine, trim } from '../../common/fields.js';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EmailAddress } from '../../common/email-address.js';
import { PeoplesForm } from '../../common/messages.js';

// class-validator runs a property's checks bottom-up and stops at the first failure, so the
// "x is required" check sits at the bottom and a missing field is named as missing.


export const TEXT_MAX_LENGTH = 5000;

/** The honeypot: a field people never see (the forms hide it); a bot that fills it is answered but ignored. */
@ArgsType()
export class HoneypotArgs {
  @Field({ nullable: true, description: 'Leave empty: a field only bots fill in.' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  website?: string;
}

@ArgsType()
class SenderEmailArgs extends HoneypotArgs {
  @Field()
  @Transform(lowerTrim)
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @EmailAddress('email must be a valid e-mail address')
  @IsString({ message: 'email must be a valid e-mail address' })
  @IsNotEmpty({ message: 'email is required' })
  email: string;
}

@ArgsType()
class SenderArgs extends SenderEmailArgs {
  @Field()
  @Transform(trim)
  @SingleLine()
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  name: string;

  /** Loose on purpose: people write numbers in many ways; at least six digits-ish characters. */
  @Field()
  @Transform(trim)
  @Matches(/^[+()\d\s./-]{6,40}$/, { message: 'phone must be a telephone number' })
  @IsString({ message: 'phone must be a telephone number' })
  @IsNotEmpty({ message: 'phone is required' })
  phone: string;
}

/** The spec's contact payload `{ name, email, phone, reason, message }`. */
@ArgsType()
@PeoplesForm()
export class ContactEnquiryArgs extends SenderArgs {
  @Field({ description: `One of ${CONTACT_REASONS.join(', ')}` })
  @Transform(trim)
  @IsIn(CONTACT_REASONS, { message: `reason must be one of ${CONTACT_REASONS.join(', ')}` })
  @IsNotEmpty({ message: 'reason is required' })
  reason: string;

  @Field()
  @Transform(trim)
  @MaxLength(TEXT_MAX_LENGTH, { message: `message must be at most ${TEXT_MAX_LENGTH} characters` })
  @IsString({ message: 'message must be text' })
  @IsNotEmpty({ message: 'message is required' })
  message: string;
}

/** The spec's question payload `{ email, question }`. */
@ArgsType()
@PeoplesForm()
export class QuestionArgs extends SenderEmailArgs {
  @Field()
  @Transform(trim)
  @MaxLength(TEXT_MAX_LENGTH, { message: `question must be at most ${TEXT_MAX_LENGTH} characters` })
  @IsString({ message: 'question must be text' })
  @IsNotEmpty({ message: 'question is required' })
  question: string;
}

/** The spec's counselling payload `{ email, phone, name, description }`. */
@ArgsType()
@PeoplesForm()
export class CounsellingRequestArgs extends SenderArgs {
  @Field()
  @Transform(trim)
  @MaxLength(TEXT_MAX_LENGTH, { message: `description must be at most ${TEXT_MAX_LENGTH} characters` })
  @IsString({ message: 'description must be text' })
  @IsNotEmpty({ message: 'description is required' })
  description: string;
}

/** The spec's baptism payload `{ email, name, phone }`. */
@ArgsType()
@PeoplesForm()
export class BaptismRequestArgs extends SenderArgs {}

/** What a sender learns about their stored request. */
@ObjectType()
export class Submission {
  @Field(() => ID)
  id: number;

  @Field()
  createdAt: Date;
}
