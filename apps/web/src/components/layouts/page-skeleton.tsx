import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { Container } from './container';

/** Shown while a page's code downloads. */
export function PageSkeleton() {
  return (
    <Container className="py-8">
      <LoadingRegion label="Loading page" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-full max-w-xl" />
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="aspect-square w-full" />
          ))}
        </div>
      </LoadingRegion>
    </Container>
  );
}
