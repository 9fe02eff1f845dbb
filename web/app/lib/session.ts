import { PERMISSION, ROLE, roleCan, type Role } from '@ministry/shared';
import { createLocalStore, isRecord } from './local-store';

/** The signed-in member as the login answer gives it (spec §3: the session's user). */
export type SessionUser = {
  id: string;
  title: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  /** Member, Admin or another staff role (the shared list); what it allows is in `permissions`. */
  role: Role;
  /** What the role allows, from the server's one table of roles (`User.permissions`), as the console reads it. */
  permissions: readonly string[];
  country: string;
  state: string;
  city: string;
};

/** Spec §3: `loggedIn` (false at first), the user, and the token sent as `Authorization: Bearer`. */
export type Session = { loggedIn: boolean; user: SessionUser | null; token: string | null };

const SIGNED_OUT: Session = { loggedIn: false, user: null, token: null };

const store = createLocalStore<Session>('session', SIGNED_OUT, (raw) => {
  if (!isRecord(raw) || typeof raw.token !== 'string' || !isRecord(raw.user)) return undefined;
  return { loggedIn: true, token: raw.token, user: raw.user as SessionUser };
});

export const SESSION_USER_FIELDS = 'id title firstname lastname email phone role permissions country state city';

export const useSession = store.useStore;
export const getSession = store.get;

export function saveSession(token: string, user: SessionUser) {
  store.set({ loggedIn: true, token, user });
}

/** Logout (spec §4): all local storage goes, the cart included. */
export function clearLocalState() {
  window.localStorage.clear();
  window.sessionStorage.clear();
  store.notify();
}

export const isAdmin = (session: Session) => session.user?.role === ROLE.Admin;

/**
 * Staff who may use the console, decided by the permission the server checks at the console's sign-in, so a new
 * staff role needs no change here. A session saved before permissions were kept has only the role, read through
 * the shared table of roles (the link alone opens nothing; the console signs in on its own).
 */
export const canUseConsole = (session: Session) => {
  const user = session.user;
  if (!user) return false;
  return Array.isArray(user.permissions) ? user.permissions.includes(PERMISSION.consoleSignIn) : roleCan(user.role, PERMISSION.consoleSignIn);
};
