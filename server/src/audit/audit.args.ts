import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsDate, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../common/list.js';
import { RECORD_ID } from '../common/fields.js';

@InputType()
export class AuditEventFilter extends ListFilterInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  action?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @Matches(RECORD_ID, { message: 'actorId must be an account id' })
  actorId?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  recordKind?: string;

  @Field({ nullable: true, description: 'From this time on' })
  @IsOptional()
  @IsDate({ message: 'from must be a date and time' })
  from?: Date;

  @Field({ nullable: true, description: 'Up to this time' })
  @IsOptional()
  @IsDate({ message: 'to must be a date and time' })
  to?: Date;
}

@ArgsType()
export class AllAuditEventsArgs extends ListArgs {
  @FilterArg(() => AuditEventFilter)
  filter?: AuditEventFilter;
}
