import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ListArgs } from '../../common/list.js';
import { ContentFilter, trim } from '../content-args.js';

@InputType()
export class PostCategoryFilter extends ContentFilter {}

@ArgsType()
export class AllPostCategoriesArgs extends ListArgs {
  @Field(() => PostCategoryFilter, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => PostCategoryFilter)
  filter?: PostCategoryFilter;
}

@ArgsType()
export class CreatePostCategoryArgs {
  @Field()
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  @IsNotEmpty({ message: 'name is required' })
  name: string;
}

@ArgsType()
export class UpdatePostCategoryArgs extends CreatePostCategoryArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;
}
