import { useCallback, useRef } from 'react';

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of one attempt at a stock write (a receipt, an adjustment): a double click
 * or a retry after a lost answer sends the same request with the same key, and the server counts
 * the units once. `take(body)` keeps the key while the body is the same and starts a new attempt
 * when it changed (the server would answer the first body's write to a reused key); `done` starts
 * a new attempt once the write has succeeded.
 */
export function useRequestKey() {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const take = useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: newKey(), body: text };
    return attempt.current.key;
  }, []);
  const done = useCallback(() => {
    attempt.current = null;
  }, []);
  return { take, done };
}
