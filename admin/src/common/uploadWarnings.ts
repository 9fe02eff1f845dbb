import { useEffect } from 'react';
import { useNotify } from 'react-admin';

type Listener = (warnings: string[]) => void;
const listeners = new Set<Listener>();

/** Passes the server's advice about an uploaded picture to whatever screen is showing. */
export const announceUploadWarnings = (warnings: string[]) => listeners.forEach((listener) => listener(warnings));

/** Shows upload advice as a warning notification for as long as the calling component is mounted. */
export function useUploadWarnings() {
  const notify = useNotify();
  useEffect(() => {
    const listener: Listener = (warnings) => notify(warnings.join(' '), { type: 'warning', autoHideDuration: 12000 });
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [notify]);
}
