import { ArgsType, Field, GraphQLISODateTime, ID, InputType, IntersectionType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsDate, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { BROADCAST_STATUSES, RECIPIENT_STATUSES, type BroadcastStatus, type RecipientStatus } from '@ministry/shared';
import { SingleLine } from '../../common/fields.js';
import { FilterArg, ListArgs, ListFilterInput, PageArgs } from '../../common/list.js';
import { BroadcastAudienceInput, BroadcastStatusEnum, RecipientStatusEnum } from './broadcast.entity.js';

/** A newsletter's body: room for a long letter with pictures, never a whole site. */
export const BROADCAST_BODY_MAX = 100_000;

@ArgsType()
export class AudienceArgs {
  @Field(() => ID, { nullable: true, description: 'The list it goes to (alone: the list’s subscribers)' })
  @IsOptional()
  @IsNotEmpty({ message: 'listId must be a list' })
  listId?: string | null;

  @Field(() => BroadcastAudienceInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => BroadcastAudienceInput)
  audience?: BroadcastAudienceInput | null;
}

@ArgsType()
export class BroadcastContentArgs extends AudienceArgs {
  @Field()
  @IsString({ message: 'subject is required' })
  @IsNotEmpty({ message: 'subject is required' })
  @MaxLength(200, { message: 'subject must be at most 200 characters' })
  @SingleLine()
  subject: string;

  @Field({ description: 'Rich text, as the posts’ editor writes it' })
  @IsString({ message: 'body is required' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(BROADCAST_BODY_MAX, { message: `body must be at most ${BROADCAST_BODY_MAX} characters` })
  body: string;
}

@ArgsType()
export class UpdateBroadcastArgs extends BroadcastContentArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;
}

@ArgsType()
export class SendBroadcastArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When to send it; now when absent' })
  @IsOptional()
  @IsDate({ message: 'at must be a date and time' })
  at?: Date | null;
}

@InputType()
export class BroadcastFilter extends ListFilterInput {
  @Field(() => BroadcastStatusEnum, { nullable: true })
  @IsOptional()
  @IsIn(BROADCAST_STATUSES, { message: 'filter.status must be a broadcast status' })
  status?: BroadcastStatus;
}

@ArgsType()
export class AllBroadcastsArgs extends ListArgs {
  @FilterArg(() => BroadcastFilter)
  filter?: BroadcastFilter;
}

@ArgsType()
export class RecipientsMetaArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field(() => RecipientStatusEnum, { nullable: true })
  @IsOptional()
  @IsIn(RECIPIENT_STATUSES, { message: 'status must be a recipient status' })
  status?: RecipientStatus | null;
}

@ArgsType()
export class RecipientsArgs extends IntersectionType(RecipientsMetaArgs, PageArgs, ArgsType) {}
