import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';

/** The loading state of a stock list: rows shaped like the table's. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="flex flex-col gap-2">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-11 w-full" />
      ))}
    </LoadingRegion>
  );
}

/** The error state of a stock list: what went wrong and a way to try again. */
export function ListError({
  title,
  error,
  icon,
  onRetry,
}: {
  title: string;
  error: unknown;
  icon?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Button
          variant="secondary"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={onRetry}
        >
          Try again
        </Button>
      }
    >
      <span role="alert">{getErrorMessage(error)}</span>
    </EmptyState>
  );
}
