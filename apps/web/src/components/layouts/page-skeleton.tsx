import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { Container } from './container';

/**
 * Shown while a page's code downloads. At least a screen tall, so the footer starts below the
 * fold and is not pushed down when the page arrives (it was most of the layout shift of / and
 * /shop, issue 8).
 */
export function PageSkeleton() {
  return (
    <Container className="min-h-screen py-8">
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
