import { useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true once the page runs in the browser: for what only the browser can
 * use, without a mismatch between the server's HTML and the first render.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
