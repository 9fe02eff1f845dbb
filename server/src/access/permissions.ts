import { roleCan, type Permission } from '@ministry/shared';
import type { AuthUser } from './auth-user.js';

// The roles, the permissions and the table between them are the platform's shared vocabulary: the console and
// the website read the same table, so a change here cannot leave them behind.
export { PERMISSION, PERMISSIONS, ROLE, ROLE_PERMISSIONS, ROLES, rolesWith, type Permission, type Role } from '@ministry/shared';

export const can = (user: Pick<AuthUser, 'role'> | null | undefined, permission: Permission): boolean => roleCan(user?.role, permission);
