import { useEffect, useMemo, useRef } from 'react';

/** Calls the latest `callback` once `delayMs` have passed without another call. */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): { run: (...args: Args) => void; cancel: () => void } {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useMemo(
    () => ({
      run: (...args: Args) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => callbackRef.current(...args), delayMs);
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delayMs],
  );
}
