import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * What starts a player in place. Before the page's script runs it is a link to the media, which works without
 * JavaScript; once it runs it plays here, so it is a button (WCAG 4.1.2: its role says what it does).
 */
export function PlayControl({ href, className, onPlay, children }: { href: string; className: string; onPlay: () => void; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a className={className} href={href}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={onPlay}>
      {children}
    </button>
  );
}
