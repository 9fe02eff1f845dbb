import type { AuthUser } from './auth-user.js';

/** Every role an account can hold; the database enum and GraphQL's `Role` follow this list. */
export const ROLES = ['Member', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/** What an entry point or a service may ask of its caller. Entry points name these, never a role. */
export const PERMISSIONS = [
  /** Sign in to the admin console. */
  'console:sign-in',
  /** Posts of every category, testimonies' review, categories, pictures, videos, books, uploads for any of them. */
  'content:write',
  /** The site's settings: address, service times, social links. */
  'settings:write',
  /** Every contact enquiry, question, counselling, baptism and prayer request, with the sender's details and staff notes. */
  'care:read',
  /** Follow-up on those requests: status, notes, deletion. */
  'care:manage',
  /** Every member's donations and book orders. */
  'finance:read',
  /** Shipping and refunds. */
  'finance:manage',
  /** Member accounts: lists and look-ups. */
  'members:manage',
  /** The GraphQL schema in production, and the larger query-cost budget an export needs. */
  'schema:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Who may do what, in one table: a new staff role is a new row here and nowhere else. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Member: [],
  Admin: PERMISSIONS,
};

export const can = (user: Pick<AuthUser, 'role'> | null | undefined, permission: Permission): boolean =>
  !!user && (ROLE_PERMISSIONS[user.role]?.includes(permission) ?? false);
