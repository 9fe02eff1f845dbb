import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { lowerTrim, SingleLine, trim } from '../../common/fields.js';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { EmailAddress } from '../../common/email-address.js';
import { MailingChoiceInput, MailingChoicesField } from '../../common/mailing-choices.js';
import { PeoplesForm } from '../../common/messages.js';
import { GENDERS, MARITAL_STATUSES, TITLE_MAX_LENGTH, User } from '../entities/user.entity.js';

export const PASSWORD_RULES = { min: 8, max: 128 };

/**
 * An account's own address: a plain one that can receive mail. The `.invalid` domain never can (RFC 6761), and an
 * erased account is given `erased-<id>@erased.invalid`: an account holding that address first would make the erasure fail.
 */
const AccountEmail = () =>
  applyDecorators(
    ValidateBy(
      { name: 'receivesMail', validator: { validate: (value: unknown) => typeof value !== 'string' || !/\.invalid$/.test(value) } },
      { message: 'Enter an email address that can receive mail' },
    ),
    EmailAddress('email must be a valid e-mail address'),
  );

/**
 * The spec's registration payload, shared by `register` and `POST /api/register`. Title, gender and marital
 * status are the member's to give or not: left out or empty, they are stored empty ("Prefer not to say").
 */
@ArgsType()
@PeoplesForm()
export class RegisterArgs {
  @Field({ nullable: true, description: 'Any title the member uses (Mr, Dr, Sister…), or none' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(TITLE_MAX_LENGTH)
  @SingleLine()
  title?: string;

  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'firstname is required' })
  @MaxLength(100)
  @SingleLine()
  firstname: string;

  @Field()
  @Transform(trim)
  @IsNotEmpty({ message: 'lastname is required' })
  @MaxLength(100)
  @SingleLine()
  lastname: string;

  @Field({ nullable: true, description: `One of ${GENDERS.join(', ')}, or empty` })
  @IsOptional()
  @IsIn([...GENDERS, ''])
  gender?: string;

  @Field({ nullable: true, description: `One of ${MARITAL_STATUSES.join(', ')}, or empty` })
  @IsOptional()
  @IsIn([...MARITAL_STATUSES, ''])
  marital_status?: string;

  @Field()
  @Transform(trim)
  @Matches(/^[+()\d\s.-]{6,40}$/, { message: 'phone must be a telephone number' })
  @IsNotEmpty({ message: 'phone is required' })
  phone: string;

  @Field()
  @Transform(lowerTrim)
  @MaxLength(254)
  @AccountEmail()
  @IsNotEmpty({ message: 'email is required' })
  email: string;

  @Field()
  @IsString({ message: 'password is required' })
  @MinLength(PASSWORD_RULES.min, { message: `password must be at least ${PASSWORD_RULES.min} characters` })
  @MaxLength(PASSWORD_RULES.max, { message: `password must be at most ${PASSWORD_RULES.max} characters` })
  password: string;

  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @SingleLine()
  country?: string;

  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @SingleLine()
  state?: string;

  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @SingleLine()
  city?: string;

  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(300)
  address?: string;

  @MailingChoicesField()
  mailingChoices?: MailingChoiceInput[] | null;
}

@ArgsType()
export class LoginArgs {
  @Field()
  @Transform(lowerTrim)
  @MaxLength(254)
  @IsString()
  @IsNotEmpty({ message: 'kindly enter your email address to continue' })
  email: string;

  @Field()
  @MaxLength(PASSWORD_RULES.max)
  @IsString()
  @IsNotEmpty({ message: 'kindly enter your password to continue' })
  password: string;
}

@ArgsType()
export class SendResetTokenArgs {
  @Field()
  @Transform(lowerTrim)
  @EmailAddress('email must be a valid e-mail address')
  @MaxLength(254)
  email: string;
}

@ArgsType()
export class ResetPasswordArgs {
  @Field()
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @Field()
  @IsString({ message: 'newPassword is required' })
  @MinLength(PASSWORD_RULES.min, { message: `newPassword must be at least ${PASSWORD_RULES.min} characters` })
  @MaxLength(PASSWORD_RULES.max, { message: `newPassword must be at most ${PASSWORD_RULES.max} characters` })
  newPassword: string;

  /** Kept for the legacy client; when sent it must match the token's user. */
  @Field(() => ID, { nullable: true })
  @IsOptional()
  userId?: string | number;
}

@ArgsType()
export class ChangePasswordArgs {
  @Field()
  @IsString()
  @IsNotEmpty({ message: 'currentPassword is required' })
  @MaxLength(PASSWORD_RULES.max)
  currentPassword: string;

  @Field()
  @IsString({ message: 'newPassword is required' })
  @MinLength(PASSWORD_RULES.min, { message: `newPassword must be at least ${PASSWORD_RULES.min} characters` })
  @MaxLength(PASSWORD_RULES.max, { message: `newPassword must be at most ${PASSWORD_RULES.max} characters` })
  newPassword: string;
}

@ArgsType()
export class VerifyEmailArgs {
  @Field({ description: 'The token of the link mailed to the address.' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  /** Needed unless the request is signed in as the account the link was sent for. */
  @Field({ nullable: true, description: 'The password of the account the link was sent for; needed unless the request is signed in as that account.' })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_RULES.max)
  password?: string;
}

/** `changeEmail(email, password)`: the new address, and the password again (a left-open session is not enough). */
@ArgsType()
export class ChangeEmailArgs {
  @Field()
  @Transform(lowerTrim)
  @MaxLength(254)
  @AccountEmail()
  @IsNotEmpty({ message: 'email is required' })
  email: string;

  @Field()
  @IsString({ message: 'password is required' })
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(PASSWORD_RULES.max)
  password: string;
}

@ObjectType()
export class AuthPayload {
  @Field()
  token: string;

  @Field(() => User)
  user: User;

  @Field(() => Int, { description: 'Wrong passwords given for this account since its previous sign-in (the admin console shows it).' })
  failedAttemptsSinceLastSignIn: number;
}
