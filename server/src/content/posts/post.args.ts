import { ArgsType, Field, GraphQLISODateTime, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDate, IsEnum, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { OptionalText, RequiredText, SingleLine, trim } from '../../common/fields.js';
import { ImageArg } from '../content-args.js';
import { BookingSettingsInput } from './booking-settings.js';
import { AnnounceListField } from '../announce-list.js';
import { PostStatus } from './post.entity.js';
import { TestimonyDisplayName } from './testimony-consent.js';

export const NAME_MAX = 200;
export const BODY_MAX = 200_000;

@InputType()
export class PostFilter extends ListFilterInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  categoryId?: string;

  @Field(() => PostStatus, { nullable: true })
  @IsOptional()
  @IsEnum(PostStatus, { message: 'status must be Authorised or UnAuthorised' })
  status?: PostStatus;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  authorId?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  slug?: string;

  @Field({ nullable: true, description: 'true: programs not over yet (undated ones too); false: programs that are over' })
  @IsOptional()
  @IsBoolean()
  upcoming?: boolean;
}

@ArgsType()
export class AllPostsArgs extends ListArgs {
  @FilterArg(() => PostFilter)
  filter?: PostFilter;
}

/** When and where a program happens; null clears a field. Only programs (category 1) take them. */
@ArgsType()
export class ProgramEventArgs {
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'ISO date-time; shown in Europe/London' })
  @IsOptional()
  @IsDate({ message: 'startsAt must be a date and time' })
  startsAt?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'ISO date-time, after startsAt' })
  @IsOptional()
  @IsDate({ message: 'endsAt must be a date and time' })
  endsAt?: Date | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(300, { message: 'location must be at most 300 characters' })
  @SingleLine()
  location?: string | null;

  @Field(() => String, { nullable: true, description: 'http or https; empty or null clears it' })
  @ValidateIf((_, value) => value !== null && value !== undefined && value !== '')
  @Transform(trim)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'onlineUrl must be an http or https address' })
  @MaxLength(500, { message: 'onlineUrl must be at most 500 characters' })
  onlineUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'An RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=WE' })
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: 'recurrence must be at most 300 characters' })
  recurrence?: string | null;

  @Field(() => BookingSettingsInput, { nullable: true, description: 'Programs with startsAt: how people book it; null stops booking' })
  @IsOptional()
  booking?: BookingSettingsInput | null;

  @AnnounceListField()
  announceListId?: string | null;
}

@ArgsType()
export class CreatePostArgs extends ProgramEventArgs {
  @Field()
  @RequiredText('name', NAME_MAX)
  @SingleLine()
  name: string;

  @Field({ description: 'HTML; sanitised on write' })
  @RequiredText('body', BODY_MAX, { trim: false })
  body: string;

  @ImageArg()
  image?: string | null;

  @Field(() => ID, { description: '1 programs, 2 testimonies, 3 blog, or a category content staff added' })
  @IsNotEmpty({ message: 'categoryId is required' })
  categoryId: string;

  @Field(() => PostStatus, { nullable: true, description: 'Staff with content:write only; a member’s testimony is saved UnAuthorised' })
  @IsOptional()
  @IsEnum(PostStatus, { message: 'status must be Authorised or UnAuthorised' })
  status?: PostStatus;

  @Field({ nullable: true, description: 'A member’s testimony: must be true, agreeing to testimonyConsentText' })
  @IsOptional()
  @IsBoolean({ message: 'consentToPublish must be true or false' })
  consentToPublish?: boolean;

  @Field(() => TestimonyDisplayName, { nullable: true, description: 'Testimonies: the name shown (a member’s default FirstName)' })
  @IsOptional()
  @IsEnum(TestimonyDisplayName, { message: 'displayName must be FullName, FirstName or Anonymous' })
  displayName?: TestimonyDisplayName;
}

@ArgsType()
export class UpdatePostArgs extends ProgramEventArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @OptionalText('name', NAME_MAX, { notEmpty: true })
  @SingleLine()
  name?: string;

  @Field({ nullable: true })
  @OptionalText('body', BODY_MAX, { trim: false })
  body?: string;

  @ImageArg()
  image?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  categoryId?: string;

  @Field(() => PostStatus, { nullable: true })
  @IsOptional()
  @IsEnum(PostStatus, { message: 'status must be Authorised or UnAuthorised' })
  status?: PostStatus;
}
