import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** DESIGN.md loading: skeletons shaped like the content. Hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} />
  );
}

/** A loading region with a spoken label and skeleton children. */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
