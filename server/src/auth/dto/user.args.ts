import { ArgsType, Field, ID, InputType } from '@nestjs/graphql';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FilterArg, ListArgs, ListFilterInput } from '../../common/list.js';
import { ROLES, type Role } from '../../access/permissions.js';
import { UserRole } from '../entities/user.entity.js';
import { RECORD_ID } from '../../common/fields.js';

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

  @Field({ nullable: true, description: 'Only accounts whose address is (or is not yet) verified.' })
  @IsOptional()
  @IsBoolean()
  emailVerified?: boolean;
}

@ArgsType()
export class AllUsersArgs extends ListArgs {
  @FilterArg(() => UserFilter)
  filter?: UserFilter;
}

/** `updateUser(id, role)`: what an Admin may change about an account. */
@ArgsType()
export class UpdateUserArgs {
  @Field(() => ID)
  @Matches(RECORD_ID, { message: 'id must be a record id' })
  id: string;

  @Field(() => UserRole, { nullable: true })
  @IsOptional()
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role?: Role;
}
