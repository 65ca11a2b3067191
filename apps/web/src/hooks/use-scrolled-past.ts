import { useSyncExternalStore } from 'react';

/** True once the window has scrolled further than `offset` pixels. */
export function useScrolledPast(offset: number, enabled = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!enabled) return () => undefined;
      window.addEventListener('scroll', onChange, { passive: true });
      return () => window.removeEventListener('scroll', onChange);
    },
    () => (enabled ? window.scrollY > offset : false),
    () => false,
  );
}
