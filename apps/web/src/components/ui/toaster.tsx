import { lazy, Suspense, useEffect } from 'react';
import { loadToastLibrary, useToastContainerWanted } from '../../lib/toast';

const ToastContainer = lazy(() => import('./toast-container'));

/** What a shopper does just before an action that may toast (a press, a tap, a key). */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Mounts the toast container once a toast is requested, or at the shopper's first interaction
 * with the page: every toast follows an action, so loading the library when the shopper starts
 * to act still shows the first toast without delay, while a page that is only looked at never
 * downloads it (issue 8: JavaScript loaded before interaction). Toasts raised before it mounts are
 * queued by the library.
 */
export function Toaster() {
  const wanted = useToastContainerWanted();

  useEffect(() => {
    if (wanted) return;
    const load = () => void loadToastLibrary();
    const options = { capture: true, once: true, passive: true } as const;
    for (const type of FIRST_INTERACTION) window.addEventListener(type, load, options);
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, load, options);
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
