import { ArgsType, Field, Float, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { ImageArg, trim } from '../content-args.js';

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
  @Transform(trim)
  @IsString({ message: 'title is required' })
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsNotEmpty({ message: 'title is required' })
  title: string;

  @Field(() => Float, { description: 'In pounds (GBP), at most two decimals, e.g. 12.5' })
  @IsNumber({}, { message: 'price must be a number of pounds, e.g. 12.50' })
  @IsNotEmpty({ message: 'price is required' })
  price: number;

  @ImageArg()
  image?: string | null;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  description?: string;
}

@ArgsType()
export class UpdateBookArgs {
  @Field(() => ID)
  @IsNotEmpty({ message: 'id is required' })
  id: string;

  @Field({ nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsNotEmpty({ message: 'title cannot be empty' })
  title?: string;

  @Field(() => Float, { nullable: true, description: 'In pounds (GBP)' })
  @IsOptional()
  @IsNumber({}, { message: 'price must be a number of pounds, e.g. 12.50' })
  price?: number;

  @ImageArg()
  image?: string | null;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  description?: string;
}
