/** The signed-in staff member as the console keeps it in localStorage. */
export type AdminSession = {
  token: string;
  /** `permissions` are those of `role` when signing in; the console shows only what they allow. */
  user: { id: string; firstname: string; lastname: string; email: string; role: string; permissions: string[] };
  /** Wrong passwords given for this account since its previous sign-in; shown once, then set to 0. */
  failedAttemptsSinceLastSignIn?: number;
};

const KEY = 'ministry-admin.session';

export function readSession(): AdminSession | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    const session = raw ? (JSON.parse(raw) as AdminSession) : undefined;
    return session?.token ? session : undefined;
  } catch {
    return undefined;
  }
}

export function saveSession(session: AdminSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}

export const currentToken = (): string | undefined => readSession()?.token;

/** Seconds since the epoch at which the JWT stops being accepted, or undefined when it carries no expiry. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

export function isExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== undefined && exp * 1000 <= now;
}
