import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalDay, OptionalText, RequiredText, SingleLine } from '../../common/fields.js';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { ImageArg } from '../content-args.js';

export const NAME_MAX = 200;
export const ABOUT_MAX = 5000;

/** `slug` finds the record of a public page's address. */
@InputType()
class SlugFilter extends ListFilterInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(220)
  slug?: string;
}

@InputType()
export class SermonSeriesFilter extends SlugFilter {}

@InputType()
export class SpeakerFilter extends SlugFilter {}

@ArgsType()
export class AllSermonSeriesArgs extends ListArgs {
  @FilterArg(() => SermonSeriesFilter)
  filter?: SermonSeriesFilter;
}

@ArgsType()
export class AllSpeakersArgs extends ListArgs {
  @FilterArg(() => SpeakerFilter)
  filter?: SpeakerFilter;
}

@ArgsType()
export class CreateSermonSeriesArgs {
  @Field()
  @RequiredText('title', NAME_MAX)
  @SingleLine()
  title: string;

  @Field({ nullable: true })
  @OptionalText('description', ABOUT_MAX)
  description?: string;

  @ImageArg()
  image?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @OptionalDay('startedAt')
  startedAt?: string | null;
}

@ArgsType()
export class UpdateSermonSeriesArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @OptionalText('title', NAME_MAX, { notEmpty: true })
  @SingleLine()
  title?: string;

  @Field({ nullable: true })
  @OptionalText('description', ABOUT_MAX)
  description?: string;

  @ImageArg()
  image?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @OptionalDay('startedAt')
  startedAt?: string | null;
}

@ArgsType()
export class CreateSpeakerArgs {
  @Field()
  @RequiredText('name', NAME_MAX)
  @SingleLine()
  name: string;

  @Field({ nullable: true })
  @OptionalText('bio', ABOUT_MAX)
  bio?: string;

  @ImageArg()
  image?: string | null;
}

@ArgsType()
export class UpdateSpeakerArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @OptionalText('name', NAME_MAX, { notEmpty: true })
  @SingleLine()
  name?: string;

  @Field({ nullable: true })
  @OptionalText('bio', ABOUT_MAX)
  bio?: string;

  @ImageArg()
  image?: string | null;
}
