import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { OptionalDay, OptionalText, RequiredText, SingleLine, trim } from '../../common/fields.js';
import { AnnounceListField } from '../announce-list.js';

export const TITLE_MAX = 200;
export const VIDEO_MAX = 300;
export const PASSAGES_MAX = 1000;
export const SUMMARY_MAX = 5000;
export const TRANSCRIPT_MAX = 500_000;
export const CHAPTERS_MAX = 200_000;

@InputType()
export class VideoFilter extends ListFilterInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  seriesId?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  speakerId?: string;

  @Field({ nullable: true, description: 'A book of the Bible by name or OSIS code, e.g. "John", "1 Corinthians", "1Cor"' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  book?: string;

  @Field(() => Int, { nullable: true, description: 'The year preached (created, when undated)' })
  @IsOptional()
  @IsInt({ message: 'year must be a year, e.g. 2026' })
  @Min(1900, { message: 'year must be a year, e.g. 2026' })
  @Max(9999, { message: 'year must be a year, e.g. 2026' })
  year?: number;
}

@ArgsType()
export class AllVideosArgs extends ListArgs {
  @FilterArg(() => VideoFilter)
  filter?: VideoFilter;
}

/** What makes a video message a sermon; every field optional, and null or `""` clears it. */
@ArgsType()
export class SermonFieldsArgs {
  @Field(() => String, { nullable: true, description: 'The URL answered by POST /api/uploads for the field audio' })
  @OptionalText('audio', 500)
  audio?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  seriesId?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  speakerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Bible references as written, e.g. "Jn 3:16-18; Ps 23"; stored normalised' })
  @OptionalText('passages', PASSAGES_MAX)
  @SingleLine()
  passages?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @OptionalDay('preachedOn')
  preachedOn?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalText('summary', SUMMARY_MAX)
  summary?: string | null;

  @Field(() => String, { nullable: true, description: 'WebVTT or plain text' })
  @OptionalText('transcript', TRANSCRIPT_MAX, { trim: false })
  transcript?: string | null;

  @Field(() => String, { nullable: true, description: 'JSON chapters: { "version": "1.2.0", "chapters": [{ "startTime": 0, "title": "…" }] }' })
  @OptionalText('chapters', CHAPTERS_MAX)
  chapters?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Publish to the podcast (needs audio)' })
  @IsOptional()
  @IsBoolean({ message: 'inPodcast must be true or false' })
  inPodcast?: boolean | null;
}

/** The spec's `{ title, video }`, shared by GraphQL and `POST /api/add-video`. */
@ArgsType()
export class CreateVideoArgs extends SermonFieldsArgs {
  @Field()
  @RequiredText('title', TITLE_MAX)
  @SingleLine()
  title: string;

  @Field({ description: 'A YouTube video id or link' })
  @Transform(trim)
  @IsString({ message: 'video is required' })
  @MaxLength(300, { message: 'video must be a YouTube link or id' })
  @IsNotEmpty({ message: 'video is required' })
  video: string;

  @AnnounceListField()
  announceListId?: string | null;
}

@ArgsType()
export class UpdateVideoArgs extends SermonFieldsArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @OptionalText('title', TITLE_MAX, { notEmpty: true })
  @SingleLine()
  title?: string;

  @Field({ nullable: true, description: 'A YouTube video id or link' })
  @OptionalText('video', VIDEO_MAX)
  video?: string;

  @AnnounceListField()
  announceListId?: string | null;
}

@ArgsType()
export class CheckPassagesArgs {
  @Field()
  @IsString()
  @MaxLength(PASSAGES_MAX, { message: `text must be at most ${PASSAGES_MAX} characters` })
  text: string;
}
