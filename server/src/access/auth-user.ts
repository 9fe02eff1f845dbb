import type { Role } from '@ministry/shared';

/** Who is calling, as established by the JWT guard. Absent for visitors. */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
}
