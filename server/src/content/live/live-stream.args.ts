import { ArgsType, Field, GraphQLISODateTime, ID } from '@nestjs/graphql';
import { IsDate, IsOptional } from 'class-validator';
import { OptionalText, SingleLine } from '../../common/fields.js';
import { VIDEO_MAX } from '../videos/video.args.js';

export const TITLE_MAX = 200;
export const URL_MAX = 500;

/**
 * Sets the live page's stream, replacing the one before. Either `title` and `startsAt` (`endsAt` two hours
 * later unless given), or `postId` and `occurrenceStart`, which take the times and title from a program.
 */
@ArgsType()
export class UpdateLiveStreamArgs {
  @Field(() => String, { nullable: true, description: "Required unless postId names the program: then the program's name by default" })
  @OptionalText('title', TITLE_MAX)
  @SingleLine()
  title?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Required unless postId and occurrenceStart are given' })
  @IsOptional()
  @IsDate({ message: 'startsAt must be a date and time' })
  startsAt?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'After startsAt; two hours after it when left out' })
  @IsOptional()
  @IsDate({ message: 'endsAt must be a date and time' })
  endsAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'A YouTube video id or link' })
  @OptionalText('video', VIDEO_MAX)
  video?: string | null;

  @Field(() => String, { nullable: true, description: 'An https HLS playlist URL ending .m3u8' })
  @OptionalText('hlsUrl', URL_MAX)
  hlsUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'An http(s) URL or a path on this site, e.g. /uploads/sheet.pdf' })
  @OptionalText('serviceSheetUrl', URL_MAX)
  serviceSheetUrl?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  seriesId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  speakerId?: string | null;

  @Field(() => ID, { nullable: true, description: 'A program (post of category 1) whose occurrence is streamed' })
  @IsOptional()
  postId?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "The start of the program's occurrence, with postId" })
  @IsOptional()
  @IsDate({ message: 'occurrenceStart must be a date and time' })
  occurrenceStart?: Date | null;
}
