import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { createAuthProvider } from './authProvider';
import { readSession, saveSession } from './session';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A token shaped like the server's JWT; only its expiry matters to the console. */
const jwt = (secondsLeft: number) => `${base64url({ alg: 'HS256' })}.${base64url({ sub: 1, role: 'Admin', exp: Math.floor(Date.now() / 1000) + secondsLeft })}.signature`;
const admin = { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'admin@example.org', role: 'Admin', permissions: ['console:sign-in', 'content:write', 'care:read', 'members:manage', 'roles:assign'] };
const pastor = { id: '7', firstname: 'Samuel', lastname: 'Adeyemi', email: 'pastor@example.org', role: 'Pastor', permissions: ['console:sign-in', 'care:read', 'care:contact-details', 'care:manage', 'prayer:read-shared', 'prayer:moderate'] };

type Body = { query: string; variables: Record<string, unknown> };
/** The GraphQL request the provider sent: always a JSON string. */
const bodyOf = (init?: RequestInit): Body => {
  if (typeof init?.body !== 'string') throw new TypeError(`Expected a JSON body, got ${typeof init?.body}`);
  return JSON.parse(init.body) as Body;
};
const answering = (answer: (body: Body, init?: RequestInit) => unknown) => vi.fn<typeof fetch>(async (_url, init) => Response.json(answer(bodyOf(init), init)));

describe('the admin auth provider', () => {
  beforeEach(() => localStorage.clear());

  it('logs an admin in through adminLogin and keeps the session', async () => {
    const token = jwt(3600);
    const fetch = answering(() => ({ data: { adminLogin: { token, user: admin, failedAttemptsSinceLastSignIn: 2 } } }));
    await createAuthProvider(fetch).login({ username: ' admin@example.org ', password: 'change-me-now' });

    const body = bodyOf(fetch.mock.calls[0][1]);
    expect(body.query).toContain('adminLogin');
    expect(body.query).toContain('failedAttemptsSinceLastSignIn');
    expect(body.query).toMatch(/user \{[^}]*\bpermissions\b/);
    expect(body.variables).toEqual({ email: 'admin@example.org', password: 'change-me-now' });
    expect(readSession()).toEqual({ token, user: admin, failedAttemptsSinceLastSignIn: 2 });
  });

  it("refuses a member with the server's 'You are not authorised to access this page' and keeps nothing", async () => {
    const fetch = answering(() => ({ data: null, errors: [{ message: 'You are not authorised to access this page', extensions: { code: 'FORBIDDEN' } }] }));
    await expect(createAuthProvider(fetch).login({ username: 'ruth@example.net', password: 'gleaning-barley' })).rejects.toThrow('You are not authorised to access this page');
    expect(readSession()).toBeUndefined();
  });

  it('lets in any staff role whose permissions include console:sign-in, and answers those permissions', async () => {
    const token = jwt(3600);
    const auth = createAuthProvider(answering(() => ({ data: { adminLogin: { token, user: pastor, failedAttemptsSinceLastSignIn: 0 } } })));
    await auth.login({ username: 'pastor@example.org', password: 'feed-my-sheep-daily' });
    expect(readSession()?.user.role).toBe('Pastor');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions!({})).resolves.toEqual(pastor.permissions);
  });

  it('refuses an account whose role has no console:sign-in, even if the server handed out a token', async () => {
    const member = { ...pastor, role: 'Member', permissions: [] };
    const fetch = answering(() => ({ data: { adminLogin: { token: jwt(3600), user: member, failedAttemptsSinceLastSignIn: 0 } } }));
    await expect(createAuthProvider(fetch).login({ username: 'ruth@example.net', password: 'gleaning-barley' })).rejects.toThrow('You are not authorised to access this page');
    expect(readSession()).toBeUndefined();
  });

  it('answers no permissions when nobody is signed in', async () => {
    await expect(createAuthProvider(vi.fn<typeof fetch>()).getPermissions!({})).resolves.toEqual([]);
  });

  it('sends a session kept before permissions were stored back to the login page', async () => {
    const { permissions: _dropped, ...withoutPermissions } = admin;
    localStorage.setItem('ministry-admin.session', JSON.stringify({ token: jwt(3600), user: withoutPermissions }));
    await expect(createAuthProvider(vi.fn<typeof fetch>()).checkAuth({})).rejects.toMatchObject({ redirectTo: '/login', message: 'Your session has ended. Please log in again.' });
    expect(readSession()).toBeUndefined();
  });

  it('asks for the e-mail and the password before calling the server', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const auth = createAuthProvider(fetch);
    await expect(auth.login({ username: '', password: 'x' })).rejects.toThrow('kindly enter your email address to continue');
    await expect(auth.login({ username: 'a@b.org', password: '' })).rejects.toThrow('kindly enter your password to continue');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the admin to the login page when the API answers 401', async () => {
    saveSession({ token: jwt(3600), user: admin });
    const auth = createAuthProvider(vi.fn<typeof fetch>());
    await expect(auth.checkError(new HttpError('Your session has ended. Please log in again.', 401))).rejects.toMatchObject({
      redirectTo: '/login',
      message: 'Your session has ended. Please log in again.',
    });
  });

  it('keeps the session on other errors (a screen the role does not include, a refused form, a missing record)', async () => {
    saveSession({ token: jwt(3600), user: admin });
    const auth = createAuthProvider(vi.fn<typeof fetch>());
    await expect(auth.checkError(new HttpError('You are not authorised to access this page', 403))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('name is required', 400))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Not found', 404))).resolves.toBeUndefined();
    expect(readSession()).toBeDefined();
  });

  it('lets a valid session in and turns an expired one back to the login page', async () => {
    const auth = createAuthProvider(vi.fn<typeof fetch>());
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login', message: false });

    saveSession({ token: jwt(3600), user: admin });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();

    saveSession({ token: jwt(-5), user: admin });
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login', message: 'Your session has ended. Please log in again.' });
    expect(readSession()).toBeUndefined();
  });

  it('ends the token on the server when logging out, and leaves even if the server fails', async () => {
    const token = jwt(3600);
    saveSession({ token, user: admin });
    const fetch = answering((_body, init) => ({ data: { logout: new Headers(init?.headers).get('authorization') === `Bearer ${token}` } }));
    await createAuthProvider(fetch).logout({});
    expect(bodyOf(fetch.mock.calls[0][1]).query).toContain('logout');
    expect(readSession()).toBeUndefined();

    saveSession({ token, user: admin });
    await createAuthProvider(vi.fn<typeof globalThis.fetch>(async () => Promise.reject(new TypeError('Failed to fetch')))).logout({});
    expect(readSession()).toBeUndefined();
  });

  it('names the signed-in admin', async () => {
    saveSession({ token: jwt(3600), user: admin });
    await expect(createAuthProvider(vi.fn<typeof fetch>()).getIdentity!()).resolves.toEqual({ id: '1', fullName: 'Grace Okafor' });
  });
});
