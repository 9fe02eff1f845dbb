import { ArgsType, Field, Float, ID, InputType } from '@nestjs/graphql';
import { IsNotEmpty, IsNumber, IsOptional } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { OptionalText, RequiredText, SingleLine } from '../../common/fields.js';
import { ImageArg } from '../content-args.js';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

@InputType()
export class BookFilter extends ListFilterInput {}

@ArgsType()
export class AllBooksArgs extends ListArgs {
  @FilterArg(() => BookFilter)
  filter?: BookFilter;
}

@ArgsType()
export class CreateBookArgs {
  @Field()
  @RequiredText('title', TITLE_MAX)
  @SingleLine()
  title: string;

  @Field(() => Float, { description: 'In pounds (GBP), at most two decimals, e.g. 12.5' })
  @IsNumber({}, { message: 'price must be a number of pounds, e.g. 12.50' })
  @IsNotEmpty({ message: 'price is required' })
  price: number;

  @ImageArg()
  image?: string | null;

  @Field({ nullable: true })
  @OptionalText('description', DESCRIPTION_MAX, { trim: false })
  description?: string;
}

@ArgsType()
export class UpdateBookArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @OptionalText('title', TITLE_MAX, { notEmpty: true })
  @SingleLine()
  title?: string;

  @Field(() => Float, { nullable: true, description: 'In pounds (GBP)' })
  @IsOptional()
  @IsNumber({}, { message: 'price must be a number of pounds, e.g. 12.50' })
  price?: number;

  @ImageArg()
  image?: string | null;

  @Field({ nullable: true })
  @OptionalText('description', DESCRIPTION_MAX, { trim: false })
  description?: string;
}
