import { applyDecorators, type Type } from '@nestjs/common';
import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalText, Position, RequiredText, SingleLine, trim } from '../../common/fields.js';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { IMAGE_FIELD_DESCRIPTION, ImageArg } from '../content-args.js';

const RequiredImage = () =>
  applyDecorators(
    Field(() => String, { description: IMAGE_FIELD_DESCRIPTION }),
    Transform(trim),
    IsString({ message: 'image is required' }),
    MaxLength(500),
    IsNotEmpty({ message: 'image is required' }),
  );

/** A title, Zoom id or passcode: optional, one line. */
const TextArg = (field: string, max: number, options?: { notEmpty?: boolean }) =>
  applyDecorators(Field(() => String, { nullable: true }), OptionalText(field, max, options), SingleLine());

const PositionArg = () =>
  applyDecorators(Field(() => Int, { nullable: true, description: 'Order on the slider, smallest first; new images go last' }), Position());

/** The list arguments of a kind of site image, filtered by its own filter type. */
function ImageListArgs(filterType: Type<ListFilterInput>) {
  @ArgsType()
  class ImageList extends ListArgs {
    @FilterArg(() => filterType)
    filter?: ListFilterInput;
  }
  return ImageList;
}

@InputType()
export class SliderImageFilter extends ListFilterInput {}

@InputType()
export class VisitImageFilter extends ListFilterInput {}

@InputType()
export class MeetingImageFilter extends ListFilterInput {}

@ArgsType()
export class AllSliderImagesArgs extends ImageListArgs(SliderImageFilter) {}

@ArgsType()
export class AllVisitImagesArgs extends ImageListArgs(VisitImageFilter) {}

@ArgsType()
export class AllMeetingImagesArgs extends ImageListArgs(MeetingImageFilter) {}

/** The image an update names. */
@ArgsType()
class ImageIdArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;
}

@ArgsType()
export class CreateVisitImageArgs {
  @TextArg('title', 200)
  title?: string;

  @RequiredImage()
  image: string;
}

@ArgsType()
export class CreateSliderImageArgs extends CreateVisitImageArgs {
  @PositionArg()
  position?: number;
}

@ArgsType()
export class UpdateVisitImageArgs extends ImageIdArgs {
  @TextArg('title', 200)
  title?: string;

  @ImageArg()
  image?: string | null;
}

@ArgsType()
export class UpdateSliderImageArgs extends UpdateVisitImageArgs {
  @PositionArg()
  position?: number;
}

@ArgsType()
export class CreateMeetingImageArgs {
  @Field()
  @RequiredText('zoomId', 50)
  @SingleLine()
  zoomId: string;

  @TextArg('password', 100)
  password?: string | null;

  @RequiredImage()
  image: string;
}

@ArgsType()
export class UpdateMeetingImageArgs extends ImageIdArgs {
  @TextArg('zoomId', 50, { notEmpty: true })
  zoomId?: string;

  @TextArg('password', 100)
  password?: string | null;

  @ImageArg()
  image?: string | null;
}
