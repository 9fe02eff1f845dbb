import type { Permission } from '@ministry/shared';

/**
 * What a signed-in person may do, as the server names it (`User.permissions`, from the shared table of roles).
 * The console decides its menus, screens and dashboard widgets from these, never from role names; the server
 * enforces the same permissions. Which screen needs which permission is the console's own: `resources.ts`.
 */
export type { Permission } from '@ministry/shared';

/** The permissions `getPermissions` answers: those of the signed-in person's role, or none. */
export type Permissions = readonly string[];

export const can = (permissions: Permissions | undefined, permission: Permission): boolean => Array.isArray(permissions) && permissions.includes(permission);
