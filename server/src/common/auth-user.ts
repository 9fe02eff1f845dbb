export type Role = 'Member' | 'Admin';

/** Who is calling, as established by the JWT guard. Absent for visitors. */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
}

export const isAdmin = (user?: AuthUser | null): boolean => user?.role === 'Admin';
