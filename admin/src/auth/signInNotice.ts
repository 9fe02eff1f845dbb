import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { readSession, saveSession } from './session';

export const signInNoticeText = (failures: number): string =>
  `${failures === 1 ? 'One wrong password was' : `${failures} wrong passwords were`} given for your account since your last sign-in. ` +
  'If that was not you, choose a new password at /password on the site.';

/** Warns once, after sign-in, of wrong passwords given for the account since the previous sign-in. */
export function useSignInNotice(): void {
  const notify = useNotify();
  useEffect(() => {
    const session = readSession();
    const failures = session?.failedAttemptsSinceLastSignIn ?? 0;
    if (!session || failures === 0) return;
    notify(signInNoticeText(failures), { type: 'warning', autoHideDuration: null });
    saveSession({ ...session, failedAttemptsSinceLastSignIn: 0 });
  }, [notify]);
}
