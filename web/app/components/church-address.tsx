import type { ReactNode } from 'react';
import { postalAddress, useSiteSettings } from '../lib/site-settings';

/** The church's postal address, a line each, ending with the country; `children` (a phone link) follow inside it. */
export function ChurchAddress({ children }: { children?: ReactNode }) {
  const settings = useSiteSettings();
  return (
    <address>
      {[...postalAddress(settings), 'United Kingdom'].map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
      {children}
    </address>
  );
}
