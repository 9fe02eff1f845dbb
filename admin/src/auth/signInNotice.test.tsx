import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSession, saveSession } from './session';
import { signInNoticeText, useSignInNotice } from './signInNotice';

const admin = { id: '1', firstname: 'Grace', lastname: 'Okafor', email: 'admin@example.org', role: 'Admin', permissions: ['console:sign-in'] };

const Console = () => {
  useSignInNotice();
  return <Notification />;
};

describe('the notice of wrong passwords since the last sign-in', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('tells the admin how many wrong passwords were given, once', async () => {
    saveSession({ token: 't', user: admin, failedAttemptsSinceLastSignIn: 3 });
    render(
      <AdminContext>
        <Console />
      </AdminContext>,
    );
    expect(await screen.findByText(signInNoticeText(3))).toBeTruthy();
    expect(signInNoticeText(3)).toMatch(/^3 wrong passwords were given/);
    expect(readSession()?.failedAttemptsSinceLastSignIn).toBe(0);
  });

  it('says nothing when there were none', async () => {
    saveSession({ token: 't', user: admin, failedAttemptsSinceLastSignIn: 0 });
    render(
      <AdminContext>
        <Console />
      </AdminContext>,
    );
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.queryByText(/wrong password/)).toBeNull();
  });

  it('words a single attempt in the singular', () => {
    expect(signInNoticeText(1)).toMatch(/^One wrong password was given/);
  });
});
