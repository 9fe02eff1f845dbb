import { AppError } from '../common/app-error.js';
import type { AuthUser } from './auth-user.js';
import { can, type Permission } from './permissions.js';

/**
 * The record when the caller owns it or holds `override`. Anything else, missing or someone else's, is the same
 * NOT_FOUND, so an id cannot be probed for whether it exists.
 */
export function requireOwner<T>(caller: AuthUser, record: T | null | undefined, ownerOf: (record: T) => number | null, what: string, override?: Permission): T {
  if (!record || (ownerOf(record) !== caller.id && !(override && can(caller, override)))) throw AppError.notFound(what);
  return record;
}

/** Whose records a list shows: undefined (everyone's) for a holder of `override`, else only the caller's own. */
export const ownerScope = (caller: AuthUser, override: Permission): number | undefined => (can(caller, override) ? undefined : caller.id);

/**
 * A user id the caller sent (a path parameter or a legacy `usersId`) must be their own unless they hold
 * `override`: identity comes from the token, never from the request.
 */
export function requireSelf(caller: AuthUser, userId: number | undefined, field: string, override?: Permission): void {
  if (userId === undefined || userId === caller.id || (override && can(caller, override))) return;
  throw AppError.forbidden(`${field} must be your own user id`);
}
