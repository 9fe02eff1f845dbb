import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { Role } from '../access/permissions.js';
import { type User, UserRole } from './entities/user.entity.js';

/** Staff as the care inbox and the audit trail name them: whoever is assigned, wrote, replied or read. */
@ObjectType()
export class StaffMember {
  @Field(() => ID)
  id: number;

  @Field()
  firstname: string;

  @Field()
  lastname: string;

  @Field(() => UserRole)
  role: Role;
}

/** An account as staff are named: no contact details. */
export const staffMember = (user: User | null): StaffMember | null => user && { id: user.id, firstname: user.firstname, lastname: user.lastname, role: user.role };
