import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsEnum, IsInt, IsNotEmpty, IsOptional, Min } from 'class-validator';
import { ImageUrl, OptionalText, Position, RequiredText, SingleLine } from '../../common/fields.js';
import { BODY_MAX, BOOK_TITLE_MAX, DESCRIPTION_MAX, NAME_MAX, PostStatus, VIDEO_MAX, VIDEO_TITLE_MAX } from '../../content/index.js';

/**
 * Bodies of the legacy content paths, in the spec's field names, from the same field rules as GraphQL's
 * arguments. Multipart fields arrive as text, so ids are converted; `image` is either the uploaded file (handled
 * by the controller) or the URL of an earlier upload.
 */

const STATUS_MESSAGE = 'status must be Authorised or UnAuthorised';

class WithImageUrl {
  @ImageUrl()
  image?: string;
}

/** A user id the legacy client sends along; it must be the caller's own (the server never takes identity from it). */
const UsersId = () => applyDecorators(IsOptional(), Type(() => Number), IsInt({ message: 'usersId must be a user id' }));

export class CreateBlogPostBody extends WithImageUrl {
  @RequiredText('title', NAME_MAX)
  @SingleLine()
  title: string;

  @RequiredText('content', BODY_MAX, { trim: false })
  content: string;
}

export class CreateProgramPostBody extends WithImageUrl {
  @RequiredText('name', NAME_MAX)
  @SingleLine()
  name: string;

  @RequiredText('body', BODY_MAX, { trim: false })
  body: string;
}

export class AddPostBody extends CreateProgramPostBody {
  @Type(() => Number)
  @IsInt({ message: 'postCategoryId must be a category id' })
  @Min(1, { message: 'postCategoryId must be a category id' })
  @IsNotEmpty({ message: 'postCategoryId is required' })
  postCategoryId: number;

  @UsersId()
  usersId?: number;

  @IsOptional()
  @IsEnum(PostStatus, { message: STATUS_MESSAGE })
  status?: PostStatus;
}

export class UpdatePostBody extends WithImageUrl {
  @OptionalText('name', NAME_MAX, { notEmpty: true })
  @SingleLine()
  name?: string;

  @OptionalText('body', BODY_MAX, { trim: false })
  body?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'postCategoryId must be a category id' })
  @Min(1, { message: 'postCategoryId must be a category id' })
  postCategoryId?: number;

  @UsersId()
  usersId?: number;

  @IsOptional()
  @IsEnum(PostStatus, { message: STATUS_MESSAGE })
  status?: PostStatus;
}

export class SliderImageBody extends WithImageUrl {
  @OptionalText('title', 200)
  @SingleLine()
  title?: string;

  @Position()
  position?: number;
}

export class VisitImageBody extends WithImageUrl {
  @OptionalText('title', 200)
  @SingleLine()
  title?: string;
}

export class ZoomImageBody extends WithImageUrl {
  @OptionalText('zoomId', 50)
  @SingleLine()
  zoomId?: string;

  @OptionalText('password', 100)
  @SingleLine()
  password?: string;
}

export class AddBookBody extends WithImageUrl {
  @RequiredText('title', BOOK_TITLE_MAX)
  @SingleLine()
  title: string;

  /** Pounds, as a number or form text; its format is checked exactly by the service. */
  @IsNotEmpty({ message: 'price is required' })
  price: number | string;

  @OptionalText('description', DESCRIPTION_MAX, { trim: false })
  description?: string;
}

/** `PUT /api/update-video/:id {title?, video?}`. */
export class UpdateVideoBody {
  @OptionalText('title', VIDEO_TITLE_MAX, { notEmpty: true })
  @SingleLine()
  title?: string;

  @OptionalText('video', VIDEO_MAX)
  video?: string;
}
