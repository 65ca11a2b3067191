import { useSyncExternalStore } from 'react';
import { PINCODE_PATTERN } from '@pharmacy/shared';

/** The pincode a shopper last checked, kept in this browser (no account needed). */
export const PINCODE_STORAGE_KEY = 'pharmacy:delivery-pincode';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    const value = window.localStorage.getItem(PINCODE_STORAGE_KEY);
    return value && PINCODE_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberPincode(pincode: string): void {
  try {
    window.localStorage.setItem(PINCODE_STORAGE_KEY, pincode);
  } catch {
    // Private mode or a full storage: the check still works for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab checked a pincode: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PINCODE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered pincode, shared by the product page and the cart drawer, across tabs. */
export function useRememberedPincode(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
