import { useSyncExternalStore } from 'react';
import type * as ToastifyModule from 'react-toastify';
import { LIMITS } from '@pharmacy/shared';

type ToastKind = 'success' | 'error' | 'info';
type Toastify = typeof ToastifyModule;

/**
 * Spec §4 toasts: the same message shows once and updates in place, so the message is the id.
 * The toast library loads on first use (or at the first interaction), not with the first page.
 */
let library: Promise<Toastify> | null = null;
let containerWanted = false;
const listeners = new Set<() => void>();

export function loadToastLibrary(): Promise<Toastify> {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of listeners) listener();
  }
  library ??= import('react-toastify');
  return library;
}

/** True once a toast was requested; the Toaster then mounts the container. */
export function useToastContainerWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => containerWanted,
    () => false,
  );
}

function show(type: ToastKind, message: string): void {
  void loadToastLibrary().then(({ toast }) => {
    if (toast.isActive(message)) {
      toast.update(message, { render: message, type, autoClose: LIMITS.toastAutoCloseMs });
      return;
    }
    toast(message, { type, toastId: message });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
