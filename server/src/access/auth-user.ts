import type { Role } from './permissions.js';

/** Who is calling, as established by the JWT guard. Absent for visitors. */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
}
