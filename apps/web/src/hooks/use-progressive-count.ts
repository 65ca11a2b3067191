import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `first` at once, then `step` more in each following task
 * until all are shown. A phone drew /shop's 25 product cards in one task of about 150 ms at
 * Lighthouse's 4× slowdown, blocking taps meanwhile (issue 8, TBT); in steps no task is long.
 * Items added later only ever appear below the ones shown, so nothing on screen moves.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((shown) => shown + step), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
