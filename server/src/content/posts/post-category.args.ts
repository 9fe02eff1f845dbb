import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { SingleLine, trim } from '../../common/fields.js';

@InputType()
export class PostCategoryFilter extends ListFilterInput {}

@ArgsType()
export class AllPostCategoriesArgs extends ListArgs {
  @FilterArg(() => PostCategoryFilter)
  filter?: PostCategoryFilter;
}

@ArgsType()
export class CreatePostCategoryArgs {
  @Field()
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  @IsNotEmpty({ message: 'name is required' })
  @SingleLine()
  name: string;
}

@ArgsType()
export class UpdatePostCategoryArgs extends CreatePostCategoryArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;
}
