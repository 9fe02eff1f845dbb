import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { IMAGE_FIELD_DESCRIPTION, ImageArg, trim } from '../content-args.js';

const RequiredImage = () =>
  applyDecorators(
    Field(() => String, { description: IMAGE_FIELD_DESCRIPTION }),
    Transform(trim),
    IsString({ message: 'image is required' }),
    MaxLength(500),
    IsNotEmpty({ message: 'image is required' }),
  );

const OptionalText = (field: string, max: number) =>
  applyDecorators(
    Field(() => String, { nullable: true }),
    IsOptional(),
    Transform(trim),
    IsString({ message: `${field} must be text` }),
    MaxLength(max, { message: `${field} must be at most ${max} characters` }),
  );

const Position = () =>
  applyDecorators(
    Field(() => Int, { nullable: true, description: 'Order on the slider, smallest first; new images go last' }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'position must be a whole number' }),
    Min(0, { message: 'position must be 0 or more' }),
    Max(10_000, { message: 'position must be at most 10000' }),
  );

@InputType()
export class SliderImageFilter extends ListFilterInput {}

@InputType()
export class VisitImageFilter extends ListFilterInput {}

@InputType()
export class MeetingImageFilter extends ListFilterInput {}

@ArgsType()
export class AllSliderImagesArgs extends ListArgs {
  @FilterArg(() => SliderImageFilter)
  filter?: SliderImageFilter;
}

@ArgsType()
export class AllVisitImagesArgs extends ListArgs {
  @FilterArg(() => VisitImageFilter)
  filter?: VisitImageFilter;
}

@ArgsType()
export class AllMeetingImagesArgs extends ListArgs {
  @FilterArg(() => MeetingImageFilter)
  filter?: MeetingImageFilter;
}

@ArgsType()
export class CreateSliderImageArgs {
  @OptionalText('title', 200)
  title?: string;

  @RequiredImage()
  image: string;

  @Position()
  position?: number;
}

@ArgsType()
export class UpdateSliderImageArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @OptionalText('title', 200)
  title?: string;

  @ImageArg()
  image?: string | null;

  @Position()
  position?: number;
}

@ArgsType()
export class CreateVisitImageArgs {
  @OptionalText('title', 200)
  title?: string;

  @RequiredImage()
  image: string;
}

@ArgsType()
export class UpdateVisitImageArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @OptionalText('title', 200)
  title?: string;

  @ImageArg()
  image?: string | null;
}

@ArgsType()
export class CreateMeetingImageArgs {
  @Field()
  @Transform(trim)
  @IsString({ message: 'zoomId is required' })
  @MaxLength(50, { message: 'zoomId must be at most 50 characters' })
  @IsNotEmpty({ message: 'zoomId is required' })
  zoomId: string;

  @OptionalText('password', 100)
  password?: string | null;

  @RequiredImage()
  image: string;
}

@ArgsType()
export class UpdateMeetingImageArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @OptionalText('zoomId', 50)
  @IsNotEmpty({ message: 'zoomId cannot be empty' })
  zoomId?: string;

  @OptionalText('password', 100)
  password?: string | null;

  @ImageArg()
  image?: string | null;
}
