import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsArray, IsEnum, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { NOTE_MAX_LENGTH } from '../entities/request-record.js';
import { RequestStatus } from '../request-status.js';
import { RECORD_ID } from '../../common/fields.js';

/** `{ ids q status }`, the filter every request list accepts; each type names its own (`ContactEnquiryFilter`). */
@InputType({ isAbstract: true })
export class RequestFilter {
  @Field(() => [ID], { nullable: true })
  @IsOptional()
  @IsArray()
  @Matches(RECORD_ID, { each: true, message: 'ids must be record ids' })
  ids?: string[];

  @Field({ nullable: true, description: 'Case-insensitive search in the text fields' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @Field(() => RequestStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RequestStatus, { message: 'status must be New, InProgress, Waiting or Closed' })
  status?: RequestStatus;
}

/** Staff follow-up: `update<Type>(id, status, note)`. An empty note clears it. */
@ArgsType()
export class UpdateRequestArgs {
  @Field(() => ID)
  @Matches(RECORD_ID, { message: 'id must be a record id' })
  id: string;

  @Field(() => RequestStatus, { nullable: true })
  @IsOptional()
  @IsEnum(RequestStatus, { message: 'status must be New, InProgress, Waiting or Closed' })
  status?: RequestStatus | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(NOTE_MAX_LENGTH, { message: `note must be at most ${NOTE_MAX_LENGTH} characters` })
  note?: string | null;
}
