import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation to another page, focus goes to the new page's h1 (or its main region when it has
 * none), as a full page load would start a screen reader there: the heading is read out, and Tab carries on from
 * it. The scroll position stays ScrollRestoration's (the top, or where the visitor was on Back).
 */
export function usePageFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
}
