import { ArgsType, Field, InputType } from '@nestjs/graphql';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { ROLES, type Role } from '../../access/permissions.js';
import { UserRole } from '../entities/user.entity.js';

@InputType()
export class UserFilter extends ListFilterInput {
  @Field(() => UserRole, { nullable: true })
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;
}

@ArgsType()
export class AllUsersArgs extends ListArgs {
  @FilterArg(() => UserFilter)
  filter?: UserFilter;
}
