import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { RECORD_ID, SingleLine, trim } from '../../common/fields.js';
import { IsEnum, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FilterArg, ListArgs } from '../../common/list.js';
import { PeoplesForm } from '../../common/messages.js';
import { TEXT_MAX_LENGTH } from './public-request.args.js';
import { PrayerPrivacy, PrayerWallName, PrayerWallStatus } from '../prayer-privacy.js';
import { RequestFilter } from './review.args.js';

const PRIVACY_MESSAGE = 'privacy must be PastorsOnly, PrayerTeam or PrayerWall';
const WALL_NAME_MESSAGE = 'wallName must be FirstName or Anonymous';


export const TITLE_MAX_LENGTH = 200;

/** `createPrayerRequest(title, body, privacy, wallName)`: the member is always the caller. */
@ArgsType()
@PeoplesForm()
export class CreatePrayerRequestArgs {
  @Field()
  @Transform(trim)
  @SingleLine()
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

  @Field(() => PrayerPrivacy, { nullable: true, description: 'Who may read it; PastorsOnly when left out' })
  @IsOptional()
  @IsEnum(PrayerPrivacy, { message: PRIVACY_MESSAGE })
  privacy?: PrayerPrivacy;

  @Field(() => PrayerWallName, { nullable: true, description: 'How the wall names the member; required for PrayerWall' })
  @IsOptional()
  @IsEnum(PrayerWallName, { message: WALL_NAME_MESSAGE })
  wallName?: PrayerWallName;
}

/** `changePrayerPrivacy(id, privacy, wallName)`: the member narrows who may read their request. */
@ArgsType()
export class ChangePrayerPrivacyArgs {
  @Field(() => ID)
  @Matches(RECORD_ID, { message: 'id must be a record id' })
  id: string;

  @Field(() => PrayerPrivacy)
  @IsEnum(PrayerPrivacy, { message: PRIVACY_MESSAGE })
  privacy: PrayerPrivacy;

  @Field(() => PrayerWallName, { nullable: true })
  @IsOptional()
  @IsEnum(PrayerWallName, { message: WALL_NAME_MESSAGE })
  wallName?: PrayerWallName;
}

@InputType()
export class PrayerRequestFilter extends RequestFilter {
  @Field(() => ID, { nullable: true, description: "The member's id; a member only ever sees their own" })
  @IsOptional()
  @Matches(RECORD_ID, { message: 'userId must be a member id' })
  userId?: string;

  @Field(() => PrayerPrivacy, { nullable: true })
  @IsOptional()
  @IsEnum(PrayerPrivacy, { message: PRIVACY_MESSAGE })
  privacy?: PrayerPrivacy;

  @Field(() => PrayerWallStatus, { nullable: true })
  @IsOptional()
  @IsEnum(PrayerWallStatus, { message: `wallStatus must be one of ${Object.values(PrayerWallStatus).join(', ')}` })
  wallStatus?: PrayerWallStatus;
}

@ArgsType()
export class AllPrayerRequestsArgs extends ListArgs {
  @FilterArg(() => PrayerRequestFilter)
  filter?: PrayerRequestFilter;
}
