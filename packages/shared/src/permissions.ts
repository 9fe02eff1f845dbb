import { ROLE, ROLES, type Role } from './roles.js';

/** What an entry point or a screen may ask of its caller, by name. Entry points name these, never a role. */
export const PERMISSION = {
  /** Sign in to the admin console. */
  consoleSignIn: 'console:sign-in',
  /** Posts of every category, testimonies' review, categories, pictures, videos, books, uploads for any of them. */
  contentWrite: 'content:write',
  /** The site's settings: address, service times, social links. */
  settingsWrite: 'settings:write',
  /** Every contact enquiry, question, counselling, baptism and prayer request and its timeline: the care inbox. */
  careRead: 'care:read',
  /** The sender's e-mail, telephone and address beside a request. */
  careContactDetails: 'care:contact-details',
  /** Follow-up on those requests: status, assignment, notes, replies, deletion. */
  careManage: 'care:manage',
  /** Prayer requests their senders shared with the prayer team or the wall, while they are open and shared. */
  prayerReadShared: 'prayer:read-shared',
  /** Approving prayer requests for the public wall, and taking them off it. */
  prayerModerate: 'prayer:moderate',
  /** Every member's donations and book orders. */
  financeRead: 'finance:read',
  /** Shipping and refunds. */
  financeManage: 'finance:manage',
  /** Member accounts: lists and look-ups. */
  membersManage: 'members:manage',
  /** Giving an account a staff role, or taking it away. */
  rolesAssign: 'roles:assign',
  /** The audit trail: who read which care record, exports, role changes, erasures. */
  auditRead: 'audit:read',
  /** Subject access exports for any e-mail address, and erasing a visitor's form records on request. */
  privacyManage: 'privacy:manage',
  /** The GraphQL schema in production (the console reads it to build its screens). */
  schemaRead: 'schema:read',
  /** Bookings of every event: bookers, their answers (health data), check-in, cancelling and refunding, messages to bookers. */
  eventsManage: 'events:manage',
  /** Mailing lists, their subscribers and consent ledger, composing and sending broadcasts, sending health. */
  commsSend: 'comms:send',
  /** The PayPal emulator's dashboard and controls on a demo: they settle and refund any order, PayPal unasked. */
  paymentsEmulatorTools: 'payments:emulator-tools',
} as const;
export type Permission = (typeof PERMISSION)[keyof typeof PERMISSION];

/** Every permission, in the order `User.permissions` answers them. */
export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION);

/** What every staff role needs to use the console at all: signing in, and the schema the console builds itself from. */
const CONSOLE: readonly Permission[] = [PERMISSION.consoleSignIn, PERMISSION.schemaRead];

/** Who may do what, in one table: a new staff role is a new row here and nowhere else. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  [ROLE.Member]: [],
  [ROLE.Admin]: PERMISSIONS,
  [ROLE.Pastor]: [...CONSOLE, PERMISSION.careRead, PERMISSION.careContactDetails, PERMISSION.careManage, PERMISSION.prayerReadShared, PERMISSION.prayerModerate],
  [ROLE.PrayerTeam]: [...CONSOLE, PERMISSION.prayerReadShared],
  [ROLE.Editor]: [...CONSOLE, PERMISSION.contentWrite],
  [ROLE.Finance]: [...CONSOLE, PERMISSION.financeRead, PERMISSION.financeManage],
  [ROLE.EventsTeam]: [...CONSOLE, PERMISSION.eventsManage],
  [ROLE.Communications]: [...CONSOLE, PERMISSION.commsSend],
};

/** Whether a role allows a permission; an unknown role (an old session, a typo) allows nothing. */
export const roleCan = (role: string | null | undefined, permission: Permission): boolean =>
  !!role && Object.hasOwn(ROLE_PERMISSIONS, role) && ROLE_PERMISSIONS[role as Role].includes(permission);

/** The roles that allow a permission, in `ROLES` order. */
export const rolesWith = (permission: Permission): Role[] => ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
