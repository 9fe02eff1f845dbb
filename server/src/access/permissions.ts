import type { AuthUser } from './auth-user.js';

/** Every role an account can hold; the database enum and GraphQL's `Role` follow this list. */
export const ROLES = ['Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance'] as const;
export type Role = (typeof ROLES)[number];

/** What an entry point or a service may ask of its caller. Entry points name these, never a role. */
export const PERMISSIONS = [
  /** Sign in to the admin console. */
  'console:sign-in',
  /** Posts of every category, testimonies' review, categories, pictures, videos, books, uploads for any of them. */
  'content:write',
  /** The site's settings: address, service times, social links. */
  'settings:write',
  /** Every contact enquiry, question, counselling, baptism and prayer request and its timeline: the care inbox. */
  'care:read',
  /** The sender's e-mail, telephone and address beside a request. */
  'care:contact-details',
  /** Follow-up on those requests: status, assignment, notes, replies, deletion. */
  'care:manage',
  /** Prayer requests their senders shared with the prayer team or the wall, while they are open and shared. */
  'prayer:read-shared',
  /** Approving prayer requests for the public wall, and taking them off it. */
  'prayer:moderate',
  /** Every member's donations and book orders. */
  'finance:read',
  /** Shipping and refunds. */
  'finance:manage',
  /** Member accounts: lists and look-ups. */
  'members:manage',
  /** Giving an account a staff role, or taking it away. */
  'roles:assign',
  /** The audit trail: who read which care record, exports, role changes, erasures. */
  'audit:read',
  /** Subject access exports for any e-mail address, and erasing a visitor's form records on request. */
  'privacy:manage',
  /** The GraphQL schema in production (the console reads it to build its screens). */
  'schema:read',
  /** The PayPal emulator's dashboard and controls on a demo: they settle and refund any order, PayPal unasked. */
  'payments:emulator-tools',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What every staff role needs to use the console at all: signing in, and the schema the console builds itself from. */
const CONSOLE: readonly Permission[] = ['console:sign-in', 'schema:read'];

/** Who may do what, in one table: a new staff role is a new row here and nowhere else. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  Member: [],
  Admin: PERMISSIONS,
  Pastor: [...CONSOLE, 'care:read', 'care:contact-details', 'care:manage', 'prayer:read-shared', 'prayer:moderate'],
  PrayerTeam: [...CONSOLE, 'prayer:read-shared'],
  Editor: [...CONSOLE, 'content:write'],
  Finance: [...CONSOLE, 'finance:read', 'finance:manage'],
};

export const can = (user: Pick<AuthUser, 'role'> | null | undefined, permission: Permission): boolean =>
  !!user && (ROLE_PERMISSIONS[user.role]?.includes(permission) ?? false);
