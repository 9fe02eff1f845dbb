import { useEffect, type RefObject } from 'react';

/**
 * Closes an open menu on a pointer press outside `container` (and its `button`), when focus moves outside them (Tab
 * past the last entry), and on Escape (which also puts focus back on the menu's button, so keyboard users do not
 * lose their place).
 */
export function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, button?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !container.current?.contains(target as Node) && !button?.current?.contains(target as Node);
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) close();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, container, button]);
}
