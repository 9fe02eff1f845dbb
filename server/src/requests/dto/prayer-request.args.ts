import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { trim } from '../../common/fields.js';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FilterArg, ListArgs } from '../../common/list.js';
import { TEXT_MAX_LENGTH } from './public-request.args.js';
import { RequestFilter } from './review.args.js';


export const TITLE_MAX_LENGTH = 200;

/** `createPrayerRequest(title, body)`: the member is always the caller. */
@ArgsType()
export class CreatePrayerRequestArgs {
  @Field()
  @Transform(trim)
  @MaxLength(TITLE_MAX_LENGTH, { message: `title must be at most ${TITLE_MAX_LENGTH} characters` })
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title is required' })
  title: string;

  @Field()
  @Transform(trim)
  @MaxLength(TEXT_MAX_LENGTH, { message: `body must be at most ${TEXT_MAX_LENGTH} characters` })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  body: string;
}

@InputType()
export class PrayerRequestFilter extends RequestFilter {
  @Field(() => ID, { nullable: true, description: "The member's id; a member only ever sees their own" })
  @IsOptional()
  @Matches(/^\d{1,15}$/, { message: 'userId must be a member id' })
  userId?: string;
}

@ArgsType()
export class AllPrayerRequestsArgs extends ListArgs {
  @FilterArg(() => PrayerRequestFilter)
  filter?: PrayerRequestFilter;
}
