import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsEnum, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { trim } from './content-args.js';
import { BODY_MAX, NAME_MAX } from './posts/post.args.js';
import { PostStatus } from './posts/post.entity.js';

/**
 * Bodies of the legacy content paths, in the spec's field names. Multipart fields arrive as text, so ids are
 * converted; `image` is either the uploaded file (handled by the controller) or the URL of an earlier upload.
 */

const STATUS_MESSAGE = 'status must be Authorised or UnAuthorised';

/** Required text; listed in the order stacked decorators would register, so class-validator checks it the same way. */
const RequiredText = (field: string, max: number) =>
  applyDecorators(
    IsNotEmpty({ message: `${field} is required` }),
    MaxLength(max, { message: `${field} must be at most ${max} characters` }),
    IsString({ message: `${field} is required` }),
  );

class WithImageUrl {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  image?: string;
}

export class CreateBlogPostBody extends WithImageUrl {
  @Transform(trim)
  @RequiredText('title', NAME_MAX)
  title: string;

  @RequiredText('content', BODY_MAX)
  content: string;
}

export class CreateProgramPostBody extends WithImageUrl {
  @Transform(trim)
  @RequiredText('name', NAME_MAX)
  name: string;

  @RequiredText('body', BODY_MAX)
  body: string;
}

export class AddPostBody extends CreateProgramPostBody {
  @Type(() => Number)
  @IsInt({ message: 'postCategoryId must be a category id' })
  @Min(1, { message: 'postCategoryId must be a category id' })
  @IsNotEmpty({ message: 'postCategoryId is required' })
  postCategoryId: number;

  /** Kept for the legacy client; it must be the caller's own id (the server never takes identity from it). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'usersId must be a user id' })
  usersId?: number;

  @IsOptional()
  @IsEnum(PostStatus, { message: STATUS_MESSAGE })
  status?: PostStatus;
}

export class UpdatePostBody extends WithImageUrl {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(NAME_MAX, { message: `name must be at most ${NAME_MAX} characters` })
  @IsNotEmpty({ message: 'name cannot be empty' })
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BODY_MAX, { message: `body must be at most ${BODY_MAX} characters` })
  body?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'postCategoryId must be a category id' })
  @Min(1, { message: 'postCategoryId must be a category id' })
  postCategoryId?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'usersId must be a user id' })
  usersId?: number;

  @IsOptional()
  @IsEnum(PostStatus, { message: STATUS_MESSAGE })
  status?: PostStatus;
}

export class SliderImageBody extends WithImageUrl {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'position must be a whole number' })
  @Min(0, { message: 'position must be 0 or more' })
  position?: number;
}

export class VisitImageBody extends WithImageUrl {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string;
}

export class ZoomImageBody extends WithImageUrl {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(50, { message: 'zoomId must be at most 50 characters' })
  zoomId?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'password must be at most 100 characters' })
  password?: string;
}

export class AddBookBody extends WithImageUrl {
  @Transform(trim)
  @RequiredText('title', 200)
  title: string;

  /** Pounds, as a number or form text; its format is checked exactly by the service. */
  @IsNotEmpty({ message: 'price is required' })
  price: number | string;

  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  description?: string;
}
