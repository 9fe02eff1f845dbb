import { useEffect, useRef } from 'react';

const ASK_AGAIN_MS = 5_000;
/** setTimeout's longest wait; a later moment is waited for in steps. */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * Runs `callback` once the clock reaches `at`, then every few seconds while the component stays: the server's
 * answer may be a few seconds old (its public cache), so the page asks again until it has moved on.
 */
export function useWhenReached(at: string, callback: () => void) {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tell = () => {
      latest.current();
      timer = setTimeout(tell, ASK_AGAIN_MS);
    };
    const wait = () => {
      const left = new Date(at).getTime() - Date.now();
      if (left > 0) timer = setTimeout(wait, Math.min(left, LONGEST_WAIT));
      else tell();
    };
    wait();
    return () => clearTimeout(timer);
  }, [at]);
}
