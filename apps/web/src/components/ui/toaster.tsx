import { lazy, Suspense, useEffect } from 'react';
import { loadToastLibrary, useToastContainerWanted } from '../../lib/toast';

const ToastContainer = lazy(() => import('./toast-container'));

/**
 * Mounts the toast container once a toast is requested, or when the browser is first idle so the
 * first toast appears without delay. Toasts raised before it mounts are queued by the library.
 */
export function Toaster() {
  const wanted = useToastContainerWanted();

  useEffect(() => {
    if (wanted) return;
    const idle =
      window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadToastLibrary(), { timeout: 4000 });
    return () => cancel(handle);
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
