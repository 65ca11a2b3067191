import { useSyncExternalStore } from 'react';

/** Spec §3 client state 'search text', shared by the header and the home search. */
let searchText = '';
const listeners = new Set<() => void>();

export function setSearchText(value: string): void {
  if (value === searchText) return;
  searchText = value;
  for (const listener of listeners) listener();
}

export function getSearchText(): string {
  return searchText;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchText(): string {
  return useSyncExternalStore(subscribe, getSearchText, getSearchText);
}
