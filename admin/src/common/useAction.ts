import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

/** How an action went, for a screen that shows it beside the action (see ActionResult). */
export type ActionOutcome = { severity: 'success' | 'error'; message: string };

/**
 * Runs one change on the server from a button or a small form: says how it went (the server's own words when
 * it refuses), reloads the screen on success, and tells the caller whether it worked. With `inline`, how it
 * went is kept in `outcome` for the screen to show and announce next to the action, instead of a pop-up.
 */
export function useAction({ inline = false }: { inline?: boolean } = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome>();
  const tell = (severity: ActionOutcome['severity'], message: string) => (inline ? setOutcome({ severity, message }) : notify(message, { type: severity }));
  const run = async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await action();
      tell('success', done);
      refresh();
      return true;
    } catch (error) {
      tell('error', (error as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run, outcome };
}
