import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { trim } from '../content-args.js';

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
  @Transform(trim)
  @IsString({ message: 'title is required' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsNotEmpty({ message: 'title is required' })
  title: string;

  @Field({ description: 'A YouTube video id or link' })
  @Transform(trim)
  @IsString({ message: 'video is required' })
  @MaxLength(300, { message: 'video must be a YouTube link or id' })
  @IsNotEmpty({ message: 'video is required' })
  video: string;
}

@ArgsType()
export class UpdateVideoBody {
  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsNotEmpty({ message: 'title cannot be empty' })
  title?: string;

  @Field({ nullable: true, description: 'A YouTube video id or link' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(300, { message: 'video must be a YouTube link or id' })
  video?: string;
}

@ArgsType()
export class UpdateVideoArgs extends UpdateVideoBody {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;
}
