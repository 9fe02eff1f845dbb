import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEnum, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../../common/list.js';
import { BookOrderStatus } from '../book-order.entity.js';

export const MAX_QUANTITY = 99;
export const MAX_CART_LINES = 50;

@InputType()
export class BookOrderItemInput {
  @Field(() => ID)
  @IsNotEmpty({ message: 'bookId is required' })
  bookId: string;

  @Field(() => Int)
  @Max(MAX_QUANTITY, { message: `quantity must be at most ${MAX_QUANTITY}` })
  @Min(1, { message: 'quantity must be at least 1' })
  @IsInt({ message: 'quantity must be a whole number' })
  @IsNotEmpty({ message: 'quantity is required' })
  quantity: number;
}

@ArgsType()
export class CreateBookOrderArgs {
  @Field(() => [BookOrderItemInput])
  @ValidateNested({ each: true })
  @Type(() => BookOrderItemInput)
  @ArrayMaxSize(MAX_CART_LINES, { message: `An order can hold at most ${MAX_CART_LINES} different books` })
  @ArrayMinSize(1, { message: 'The cart is empty' })
  @IsArray()
  items: BookOrderItemInput[];

  @Field(() => String, { nullable: true, description: "Where to send the books; defaults to the member's address" })
  @IsOptional()
  @MaxLength(500, { message: 'deliveryAddress must be at most 500 characters' })
  @IsString()
  deliveryAddress?: string;
}

@InputType()
export class BookOrderFilter extends ListFilterInput {
  @Field(() => BookOrderStatus, { nullable: true })
  @IsOptional()
  @IsEnum(BookOrderStatus)
  status?: BookOrderStatus;

  @Field(() => ID, { nullable: true, description: 'Staff with finance:read only; a member always sees their own' })
  @IsOptional()
  userId?: string;
}

@ArgsType()
export class AllBookOrdersArgs extends ListArgs {
  @FilterArg(() => BookOrderFilter)
  filter?: BookOrderFilter;
}
