import type { AuthProvider } from 'react-admin';
import { PERMISSION } from '@ministry/shared';
import { NOT_AUTHORISED, SESSION_ENDED } from '../data/errors';
import { can } from './permissions';
import { clearSession, isExpired, readSession, saveSession, type AdminSession } from './session';

const ADMIN_LOGIN = `mutation AdminLogin($email: String!, $password: String!) {
  adminLogin(email: $email, password: $password) { token failedAttemptsSinceLastSignIn user { id firstname lastname email role permissions } }
}`;
const LOGOUT = 'mutation Logout { logout }';

type GraphQLAnswer<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** How long logging out waits for the server before leaving anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * What `checkAuth` and `checkError` reject with: react-admin sends the admin to `redirectTo` and shows
 * `message`, or shows nothing when `message` is `false` (it tests `error.message === false`).
 */
class AuthRedirect extends Error {
  readonly redirectTo = '/login';

  constructor(message: string | false) {
    super(message || '');
    this.name = 'AuthRedirect';
    // Error types `message` as a string, but react-admin's "notify nothing" signal is the value `false` itself.
    if (message === false) Object.assign(this, { message: false });
  }
}

const httpStatusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** Whether the stored session may use the console: sessions kept before permissions were stored may not. */
const maySignIn = (session: AdminSession) => can(session.user.permissions, PERMISSION.consoleSignIn);

/**
 * Staff sign-in over GraphQL `adminLogin`: every role whose permissions include `console:sign-in` gets in,
 * anyone else reads the server's 'You are not authorised to access this page'. The role's permissions are kept
 * with the session and answered by `getPermissions`, which decides the menus and screens. An ended session
 * (expired token, or the API answering 401) sends the person back to the login page with a message instead of
 * leaving screens loading; a 403 only means this screen is not theirs, so the screen says so and they stay.
 */
export function createAuthProvider(fetchImpl: typeof fetch = (...args) => fetch(...args)): AuthProvider {
  const graphql = async <T,>(query: string, variables: Record<string, unknown>, token?: string, signal?: AbortSignal) => {
    const response = await fetchImpl('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
      signal,
    });
    return (await response.json().catch(() => ({ errors: [{ message: `The server answered ${response.status}. Please try again.` }] }))) as GraphQLAnswer<T>;
  };

  return {
    async login({ username, password }: { username?: string; password?: string }) {
      if (!username?.trim()) throw new Error('kindly enter your email address to continue');
      if (!password) throw new Error('kindly enter your password to continue');
      const answer = await graphql<{ adminLogin: AdminSession }>(ADMIN_LOGIN, { email: username.trim(), password });
      const session = answer.data?.adminLogin;
      if (answer.errors?.length || !session) throw new Error(answer.errors?.[0]?.message ?? 'Sign-in failed. Please try again.');
      if (!maySignIn(session)) throw new Error(NOT_AUTHORISED);
      saveSession(session);
    },

    async logout() {
      const session = readSession();
      clearSession();
      if (!session || isExpired(session.token)) return;
      // Ends the token on the server too; the console leaves even when the server cannot be reached.
      await graphql(LOGOUT, {}, session.token, AbortSignal.timeout(LOGOUT_WAIT_MS)).catch(() => undefined);
    },

    async checkAuth() {
      const session = readSession();
      if (!session) throw new AuthRedirect(false);
      if (isExpired(session.token) || !maySignIn(session)) {
        clearSession();
        throw new AuthRedirect(SESSION_ENDED);
      }
    },

    /** The session itself is forgotten by `logout`, which react-admin calls next (after showing the message). */
    async checkError(error: unknown) {
      if (httpStatusOf(error) === 401) throw new AuthRedirect(SESSION_ENDED);
    },

    async getIdentity() {
      const session = readSession();
      if (!session) throw new Error(SESSION_ENDED);
      const { id, firstname, lastname, email } = session.user;
      return { id, fullName: [firstname, lastname].filter(Boolean).join(' ') || email };
    },

    async getPermissions() {
      return readSession()?.user.permissions ?? [];
    },
  };
}
