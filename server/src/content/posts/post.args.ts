import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { ImageArg, trim } from '../content-args.js';
import { PostStatus } from './post.entity.js';

export const NAME_MAX = 200;
export const BODY_MAX = 200_000;

@InputType()
export class PostFilter extends ListFilterInput {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  categoryId?: string;

  @Field(() => PostStatus, { nullable: true })
  @IsOptional()
  @IsEnum(PostStatus, { message: 'status must be Authorised or UnAuthorised' })
  status?: PostStatus;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  authorId?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  slug?: string;
}

@ArgsType()
export class AllPostsArgs extends ListArgs {
  @FilterArg(() => PostFilter)
  filter?: PostFilter;
}

@ArgsType()
export class CreatePostArgs {
  @Field()
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @MaxLength(NAME_MAX, { message: `name must be at most ${NAME_MAX} characters` })
  @IsNotEmpty({ message: 'name is required' })
  name: string;

  @Field({ description: 'HTML; sanitised on write' })
  @IsString({ message: 'body is required' })
  @MaxLength(BODY_MAX, { message: `body must be at most ${BODY_MAX} characters` })
  @IsNotEmpty({ message: 'body is required' })
  body: string;

  @ImageArg()
  image?: string | null;

  @Field(() => ID, { description: '1 programs, 2 testimonies, 3 blog, or a category an admin added' })
  @IsNotEmpty({ message: 'categoryId is required' })
  categoryId: string;

  @Field(() => PostStatus, { nullable: true, description: 'Admins only; a member’s testimony is saved UnAuthorised' })
  @IsOptional()
  @IsEnum(PostStatus, { message: 'status must be Authorised or UnAuthorised' })
  status?: PostStatus;
}

@ArgsType()
export class UpdatePostArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(NAME_MAX, { message: `name must be at most ${NAME_MAX} characters` })
  @IsNotEmpty({ message: 'name cannot be empty' })
  name?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(BODY_MAX, { message: `body must be at most ${BODY_MAX} characters` })
  body?: string;

  @ImageArg()
  image?: string | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  categoryId?: string;

  @Field(() => PostStatus, { nullable: true })
  @IsOptional()
  @IsEnum(PostStatus, { message: 'status must be Authorised or UnAuthorised' })
  status?: PostStatus;
}
