import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { OptionalText, RequiredText, SingleLine, trim } from '../../common/fields.js';
import { AnnounceListField } from '../announce-list.js';

export const TITLE_MAX = 200;
export const VIDEO_MAX = 300;

@InputType()
export class VideoFilter extends ListFilterInput {}

@ArgsType()
export class AllVideosArgs extends ListArgs {
  @FilterArg(() => VideoFilter)
  filter?: VideoFilter;
}

/** The spec's `{ title, video }`, shared by GraphQL and `POST /api/add-video`. */
@ArgsType()
export class CreateVideoArgs {
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
export class UpdateVideoArgs {
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
