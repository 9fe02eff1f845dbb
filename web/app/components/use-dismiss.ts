import { useEffect, type RefObject } from 'react';

/**
 * Closes an open menu on a pointer press outside `container` (and its `button`) and on Escape (which also puts focus back on
 * the menu's button, so keyboard users do not lose their place).
 */
export function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, button?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!container.current?.contains(target) && !button?.current?.contains(target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, container, button]);
}
