import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { IsBoolean, IsEnum, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { RECORD_ID, RequiredText } from '../../common/fields.js';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { NOTE_MAX_LENGTH } from '../entities/request-record.js';
import { RequestStatus } from '../request-status.js';
import { CareKind } from './care-request.js';

const STATUS_MESSAGE = 'status must be New, InProgress, Waiting or Closed';

@InputType()
export class CareRequestFilter extends ListFilterInput {
  @Field(() => CareKind, { nullable: true })
  @IsOptional()
  @IsEnum(CareKind, { message: `kind must be one of ${Object.values(CareKind).join(', ')}` })
  kind?: CareKind;

  @Field(() => RequestStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RequestStatus, { message: STATUS_MESSAGE })
  status?: RequestStatus;

  @Field({ nullable: true, description: 'Every status but Closed' })
  @IsOptional()
  @IsBoolean()
  open?: boolean;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @Matches(RECORD_ID, { message: 'assigneeId must be a staff member id' })
  assigneeId?: string;

  @Field({ nullable: true, description: 'Given to the caller' })
  @IsOptional()
  @IsBoolean()
  mine?: boolean;

  @Field({ nullable: true, description: 'Given to nobody yet' })
  @IsOptional()
  @IsBoolean()
  unassigned?: boolean;

  @Field({ nullable: true, description: 'Not closed and no reply two days after it came' })
  @IsOptional()
  @IsBoolean()
  overdue?: boolean;

  @Field(() => Int, { nullable: true, description: 'Came more than this many days ago' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(36500)
  olderThanDays?: number;
}

@ArgsType()
export class AllCareRequestsArgs extends ListArgs {
  @FilterArg(() => CareRequestFilter)
  filter?: CareRequestFilter;
}

@ArgsType()
export class CareRequestIdArgs {
  @Field(() => ID)
  @Matches(/^[A-Za-z]+-[1-9]\d{0,14}$/, { message: 'id must be a care request id such as PrayerRequest-12' })
  id: string;
}

/** `updateCareRequest(id, status, assigneeId)`: an explicit null assignee unassigns; an omitted one leaves it. */
@ArgsType()
export class UpdateCareRequestArgs extends CareRequestIdArgs {
  @Field(() => RequestStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RequestStatus, { message: STATUS_MESSAGE })
  status?: RequestStatus | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @Matches(RECORD_ID, { message: 'assigneeId must be a staff member id' })
  assigneeId?: string | null;
}

@ArgsType()
export class CareReplyArgs extends CareRequestIdArgs {
  @Field()
  @RequiredText('body', NOTE_MAX_LENGTH)
  body: string;
}

@ArgsType()
export class CareNoteArgs extends CareReplyArgs {
  @Field({ nullable: true, description: "True when the note is the sender's answer, pasted in" })
  @IsOptional()
  @IsBoolean()
  fromRequester?: boolean;
}
