import { ROLE_PERMISSIONS, ROLES, type Role } from '@ministry/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEMBER } from '../../test/doubles';
import { canUseConsole, getSession, isAdmin, saveSession } from './session';

/** Signs in as the server's login answers for a role: its permissions from the shared table. */
const signInAs = (role: Role) => {
  saveSession('a-token', { ...MEMBER, role, permissions: ROLE_PERMISSIONS[role] });
  return getSession();
};

/** A session saved before sessions kept permissions: the role alone. */
const savedBeforePermissionsAs = (role: Role) => {
  saveSession('a-token', { ...MEMBER, role, permissions: undefined as unknown as string[] });
  return getSession();
};

beforeEach(() => window.localStorage.clear());

describe('who is offered the staff console', () => {
  it('offers it to a Pastor, who may sign in to the console, without the admin menu', () => {
    const session = signInAs('Pastor');
    expect(canUseConsole(session)).toBe(true);
    expect(isAdmin(session)).toBe(false);
  });

  it('offers it to every staff role and to no member, as the shared table of roles says', () => {
    const offered = ROLES.filter((role) => canUseConsole(signInAs(role)));
    expect(offered).toEqual(['Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam', 'Communications']);
  });

  it('reads the shared table for a session saved before permissions were kept', () => {
    expect(canUseConsole(savedBeforePermissionsAs('Pastor'))).toBe(true);
    expect(canUseConsole(savedBeforePermissionsAs('Member'))).toBe(false);
  });
});
