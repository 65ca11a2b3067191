import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

const NewsletterForm = lazy(() =>
  import('./newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

function NewsletterPlaceholder() {
  return (
    <div aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-5">
      <Skeleton className="h-6 w-64 max-w-full" />
      <Skeleton className="mt-2 h-4 w-72 max-w-full" />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Skeleton className="h-16 flex-1" />
        <Skeleton className="h-10 w-28" />
      </div>
    </div>
  );
}

/**
 * The footer newsletter, loaded when the footer comes near the screen: its form code (react-hook-form
 * and zod) then stays out of the first download of every page.
 */
export function NewsletterSection() {
  const ref = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(() => typeof IntersectionObserver !== 'function');

  useEffect(() => {
    if (load) return;
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setLoad(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [load]);

  return (
    <div ref={ref}>
      {load ? (
        <Suspense fallback={<NewsletterPlaceholder />}>
          <NewsletterForm />
        </Suspense>
      ) : (
        <NewsletterPlaceholder />
      )}
    </div>
  );
}
