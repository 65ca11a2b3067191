import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `first` at once, then `step` more in each following task
 * until all are shown, again from `first` whenever `list` (the items' identity) changes. A phone
 * drew /shop's 25 product cards in one task of about 150 ms at Lighthouse's 4× slowdown,
 * blocking taps meanwhile (issue 8, TBT); in steps no task is long. Items added later only ever
 * appear below the ones shown, so nothing on screen moves.
 */
export function useProgressiveCount(
  list: unknown,
  total: number,
  first: number,
  step: number,
  /**
   * Issue 30: the page came rendered by the server with every item, so the browser's first
   * render (hydration, which only attaches to existing elements) must draw them all too.
   */
  allAtFirst = false,
): number {
  const [progress, setProgress] = useState(() => ({
    list,
    count: allAtFirst ? Math.max(total, first) : first,
  }));
  // A new list (another page, sort or filter) starts from the first items again.
  const count = progress.list === list ? progress.count : first;
  if (progress.list !== list) setProgress({ list, count: first });
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(
      () =>
        setProgress((current) =>
          current.list === list ? { list, count: current.count + step } : current,
        ),
      0,
    );
    return () => clearTimeout(timer);
  }, [list, count, total, step]);
  return Math.min(count, total);
}
