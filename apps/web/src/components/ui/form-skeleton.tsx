import { LoadingRegion, Skeleton } from './skeleton';

/** The loading state of a form whose data or code is on its way. */
export function FormSkeleton({ label, fields = 3 }: { label: string; fields?: number }) {
  return (
    <LoadingRegion label={label} className="flex flex-col gap-5">
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-10 w-36" />
    </LoadingRegion>
  );
}
