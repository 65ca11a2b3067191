import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { LoadingRegion, Skeleton } from './skeleton';

/**
 * The loading state of a list of cards with an icon, two lines of text and an action (a
 * customer's refills, stock alerts): shaped like the rows, so nothing jumps when they arrive.
 */
export function RowListSkeleton({
  label,
  rows = 3,
  detailWidth = 'w-40',
  actionWidth = 'w-28',
  heading,
}: {
  label: string;
  rows?: number;
  /** Width class of the second line. */
  detailWidth?: string;
  /** Width class of the action on the right. */
  actionWidth?: string;
  /** Something shaped like a heading above the rows. */
  heading?: ReactNode;
}) {
  return (
    <LoadingRegion label={label} className="flex flex-col gap-3">
      {heading}
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4"
        >
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className={cn('h-4', detailWidth)} />
          </div>
          <Skeleton className={cn('h-9', actionWidth)} />
        </div>
      ))}
    </LoadingRegion>
  );
}
