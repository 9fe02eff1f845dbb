import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

/**
 * Runs one change on the server from a button or a small form: says how it went (the server's own words when
 * it refuses), reloads the screen on success, and tells the caller whether it worked.
 */
export function useAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
