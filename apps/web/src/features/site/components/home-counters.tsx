import { useEffect, useId, useRef, useState } from 'react';
import { HOME_COUNTERS, LIMITS, formatIndianNumber } from '@pharmacy/shared';
import { usePrefersReducedMotion } from '../../../hooks/use-media-query';

/** Eases out so the numbers slow down as they reach their final value. */
function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/**
 * Spec §1 counters: from 0 to 10, 100000 and 500 over 3 s once scrolled into view. With reduced
 * motion (or no IntersectionObserver) the final numbers show at once; screen readers always get
 * the final values.
 */
export function HomeCounters() {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const animate = !reducedMotion && typeof IntersectionObserver === 'function';

  useEffect(() => {
    if (!animate || visible) return;
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [animate, visible]);

  useEffect(() => {
    if (!animate || !visible) return;
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / LIMITS.counterDurationMs);
      setProgress(easeOutCubic(t));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [animate, visible]);

  const shown = animate ? progress : 1;

  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      className="rounded-2xl bg-brand-800 px-6 py-10 text-white"
    >
      <h2 id={headingId} className="sr-only">
        Our numbers
      </h2>
      <dl className="grid gap-8 text-center sm:grid-cols-3">
        {HOME_COUNTERS.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse gap-1">
            <dt className="text-base text-brand-100">{label}</dt>
            <dd className="text-3xl font-bold tabular-nums">
              <span aria-hidden="true">{formatIndianNumber(Math.round(value * shown))}+</span>
              <span className="sr-only">{formatIndianNumber(value)}+</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
