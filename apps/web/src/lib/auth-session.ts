import { useSyncExternalStore } from 'react';

/**
 * The browser session of spec §4 and §9: the JWT under localStorage 'token' and the user's id
 * under 'userId'. A tiny external store so the header, guards and the API client all see the
 * same value; other tabs are followed through the 'storage' event.
 */
export const SESSION_KEYS = { token: 'token', userId: 'userId' } as const;

export interface SessionSnapshot {
  token: string | null;
  userId: number | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * 'local' keeps the session across browser restarts (spec §9); 'session' keeps it for this tab
 * only, which is what an unticked sign-up 'Remember Me' asks for.
 */
type Persistence = 'local' | 'session';

function storageOf(persistence: Persistence): Storage {
  return persistence === 'local' ? window.localStorage : window.sessionStorage;
}

function readStorage(key: string, persistence: Persistence = 'local'): string | null {
  try {
    return storageOf(persistence).getItem(key);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): behave as signed out
  }
}

function writeStorage(key: string, value: string | null, persistence: Persistence = 'local'): void {
  try {
    if (value === null) storageOf(persistence).removeItem(key);
    else storageOf(persistence).setItem(key, value);
  } catch {
    // storage blocked: the session then lasts as long as the page
  }
}

/** Where the current token lives; a renewed token (password change) stays there. */
let persistence: Persistence = 'local';

function readSnapshot(): SessionSnapshot {
  let token = readStorage(SESSION_KEYS.token);
  persistence = 'local';
  if (!token && readStorage(SESSION_KEYS.token, 'session')) {
    token = readStorage(SESSION_KEYS.token, 'session');
    persistence = 'session';
  }
  const rawUserId = readStorage(SESSION_KEYS.userId, persistence);
  const userId = rawUserId !== null && /^\d+$/.test(rawUserId) ? Number(rawUserId) : null;
  return { token: token || null, userId: token ? userId : null };
}

let snapshot: SessionSnapshot = readSnapshot();

function emit(next: SessionSnapshot): void {
  if (next.token === snapshot.token && next.userId === snapshot.userId) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === SESSION_KEYS.token || event.key === SESSION_KEYS.userId) {
    emit(readSnapshot());
  }
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getSessionToken(): string | null {
  return snapshot.token;
}

export interface SessionOptions {
  /**
   * False keeps the session for this browser tab only (sessionStorage), for an unticked sign-up
   * 'Remember Me'. Left out, a new session is remembered and a renewed token stays where it was.
   */
  remember?: boolean;
}

/** Starts a session after login, sign-up or the OAuth return (`?token=`). */
export function setSessionToken(token: string, options: SessionOptions = {}): void {
  const next: Persistence =
    options.remember === undefined ? persistence : options.remember ? 'local' : 'session';
  const other: Persistence = next === 'local' ? 'session' : 'local';
  writeStorage(SESSION_KEYS.token, null, other);
  writeStorage(SESSION_KEYS.userId, null, other);
  persistence = next;
  writeStorage(SESSION_KEYS.token, token, next);
  emit({ token, userId: null });
}

/** Spec §4: the user id is kept in local storage after the profile loads. */
export function setSessionUserId(userId: number): void {
  if (!snapshot.token) return;
  writeStorage(SESSION_KEYS.userId, String(userId), persistence);
  emit({ token: snapshot.token, userId });
}

/** Sign-out, a 401 or a failed profile load: forget the session locally. */
export function clearSession(): void {
  for (const kind of ['local', 'session'] as const) {
    writeStorage(SESSION_KEYS.token, null, kind);
    writeStorage(SESSION_KEYS.userId, null, kind);
  }
  persistence = 'local';
  emit({ token: null, userId: null });
}

/** Re-reads storage; tests use it after seeding localStorage. */
export function reloadSession(): void {
  emit(readSnapshot());
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
