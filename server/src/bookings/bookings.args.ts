import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDate, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { BOOKING_STATUSES, type BookingStatus } from '@ministry/shared';
import { SingleLine } from '../common/fields.js';
import { MailingChoiceInput, MailingChoicesField } from '../common/mailing-choices.js';
import { FilterArg, ListArgs, ListFilterInput } from '../common/list.js';
import { BookingStatusEnum } from './booking.entity.js';

@InputType()
export class BookingAnswerInput {
  @Field()
  @IsString({ message: 'questionId must be text' })
  @MaxLength(40, { message: 'questionId must be at most 40 characters' })
  questionId: string;

  @Field()
  @IsString({ message: 'answer must be text' })
  @MaxLength(300, { message: 'An answer must be at most 300 characters' })
  answer: string;
}

/** Which occurrence of which program. */
@ArgsType()
export class OccurrenceArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'postId is required' })
  postId: string;

  @Field(() => GraphQLISODateTime, {
    description: 'The start of the occurrence, as bookingOccurrences gives it',
  })
  @IsDate({ message: 'occurrenceStart must be a date and time' })
  occurrenceStart: Date;
}

@ArgsType()
export class CreateBookingArgs extends OccurrenceArgs {
  @Field(() => Int)
  @IsInt({ message: 'places must be a whole number' })
  places: number;

  @Field(() => [String], {
    nullable: true,
    description: 'One name per place; the booker’s for one place when left out',
  })
  @IsOptional()
  @IsArray({ message: 'names must be a list' })
  @ArrayMaxSize(50, { message: 'At most 50 names' })
  @IsString({ each: true, message: 'Each name must be text' })
  names?: string[] | null;

  @Field(() => [BookingAnswerInput], { nullable: true })
  @IsOptional()
  @IsArray({ message: 'answers must be a list' })
  @ArrayMaxSize(5, { message: 'At most 5 answers' })
  @ValidateNested({ each: true })
  @Type(() => BookingAnswerInput)
  answers?: BookingAnswerInput[] | null;

  @Field(() => String, { nullable: true, description: 'Visitors: their name' })
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Visitors: the address the confirmation link goes to',
  })
  @IsOptional()
  @IsString({ message: 'email must be text' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email?: string | null;

  @MailingChoicesField()
  mailingChoices?: MailingChoiceInput[] | null;
}

@ArgsType()
export class LinkTokenArgs {
  @Field({ description: 'The token of the e-mailed link' })
  @IsString({ message: 'token is required' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200, { message: 'token is not valid' })
  token: string;
}

@ArgsType()
export class CancelBookingArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field(() => String, {
    nullable: true,
    description: 'A visitor: the token of their e-mailed link',
  })
  @IsOptional()
  @IsString({ message: 'token must be text' })
  @MaxLength(200, { message: 'token is not valid' })
  token?: string | null;
}

@ArgsType()
export class CancelOccurrenceArgs extends OccurrenceArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Said to everyone booked, with the cancellation',
  })
  @IsOptional()
  @IsString({ message: 'message must be text' })
  @MaxLength(2000, { message: 'message must be at most 2000 characters' })
  message?: string | null;
}

@ArgsType()
export class MessageBookersArgs extends OccurrenceArgs {
  @Field()
  @IsString({ message: 'subject is required' })
  @IsNotEmpty({ message: 'subject is required' })
  @MaxLength(150, { message: 'subject must be at most 150 characters' })
  @SingleLine()
  subject: string;

  @Field()
  @IsString({ message: 'body is required' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(10_000, { message: 'body must be at most 10000 characters' })
  body: string;
}

@InputType()
export class BookingFilter extends ListFilterInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  postId?: string;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate({ message: 'occurrenceStart must be a date and time' })
  occurrenceStart?: Date;

  @Field(() => BookingStatusEnum, { nullable: true })
  @IsOptional()
  @IsIn(BOOKING_STATUSES, {
    message: `status must be one of ${BOOKING_STATUSES.join(', ')}`,
  })
  status?: BookingStatus;
}

@ArgsType()
export class AllBookingsArgs extends ListArgs {
  @FilterArg(() => BookingFilter)
  filter?: BookingFilter;
}
