import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ListArgs } from '../../common/list.js';
import { UserRole } from '../entities/user.entity.js';

@InputType()
export class UserFilter {
  @Field(() => [ID], { nullable: true })
  @IsOptional()
  ids?: string[];

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @Field(() => UserRole, { nullable: true })
  @IsOptional()
  @IsIn(['Member', 'Admin'])
  role?: UserRole;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;
}

@ArgsType()
export class AllUsersArgs extends ListArgs {
  @Field(() => UserFilter, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => UserFilter)
  filter?: UserFilter;
}
