/**
 * What a signed-in person may do, as the server names it (`User.permissions`). The console decides its menus,
 * screens and dashboard widgets from these, never from role names; the server enforces the same permissions.
 */
export type Permission =
  | 'console:sign-in'
  | 'content:write'
  | 'settings:write'
  | 'care:read'
  | 'care:contact-details'
  | 'care:manage'
  | 'prayer:read-shared'
  | 'prayer:moderate'
  | 'finance:read'
  | 'finance:manage'
  | 'members:manage'
  | 'roles:assign'
  | 'audit:read'
  | 'privacy:manage'
  | 'schema:read';

/** The permissions `getPermissions` answers: those of the signed-in person's role, or none. */
export type Permissions = readonly string[];

export const can = (permissions: Permissions | undefined, permission: Permission): boolean => Array.isArray(permissions) && permissions.includes(permission);
