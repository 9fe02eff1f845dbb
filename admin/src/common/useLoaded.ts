import { useEffect, useState } from 'react';

/** What a read for a screen answers: its data once loaded, or the server's reason when it failed. */
export type Loaded<T> = { data?: T; error?: string };

/**
 * Runs `load` when `key` changes (and when `reload` is called), keeping only the answer to the latest run.
 * Without a key nothing is loaded.
 */
export function useLoaded<T>(key: string | undefined, load: () => Promise<T>): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T> & { for?: string }>({});
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    load().then(
      (data) => current && setState({ data, for: key }),
      (error: Error) => current && setState({ error: error.message, for: key }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; what it loads is named by `key`.
  }, [key, round]);
  const fresh = key !== undefined && state.for === key;
  return { data: fresh ? state.data : undefined, error: fresh ? state.error : undefined, reload: () => setRound((value) => value + 1) };
}
