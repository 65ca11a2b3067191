import { PackageSearch, RefreshCw } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useProductStock } from '../api/get-product-stock';
import { BatchTable } from './batch-table';
import { GoodsReceiptForm } from './goods-receipt-form';
import { StockLedger } from './stock-ledger';
import { StockSummary } from './stock-summary';

function Part({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h3 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * Issue 15 Stock section of the admin product page: the sellable and on-hand units with the
 * reorder level, a goods receipt, the batches with their actions and the ledger.
 */
export function StockSection({ id, productId }: { id: string; productId: number }) {
  const stock = useProductStock(productId);
  const ref = useRef<HTMLDivElement>(null);
  const { hash, key } = useLocation();

  // Arriving at '#stock' (from the low-stock list, say), the section shows after the product has
  // loaded, later than the router's scroll to the hash: go there now, and take the focus along.
  useEffect(() => {
    if (hash !== `#${id}` || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [hash, key, id]);

  let body: ReactNode;
  if (stock.isPending) {
    body = (
      <LoadingRegion label="Loading stock" className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  } else if (stock.isError) {
    body = (
      <EmptyState
        icon={<PackageSearch className="size-8" />}
        title="The stock could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void stock.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(stock.error)}</span>
      </EmptyState>
    );
  } else {
    body = (
      <div className="flex flex-col gap-8">
        <StockSummary stock={stock.data} />
        <Part
          id={`${id}-receive`}
          title="Receive stock"
          description="A delivery from the supplier: one batch, with the number and expiry printed on the pack."
        >
          <GoodsReceiptForm productId={productId} />
        </Part>
        <Part
          id={`${id}-batches`}
          title="Batches"
          description="First to expire first: orders take units in this order."
        >
          <BatchTable batches={stock.data.batches} minShelfLifeDays={stock.data.minShelfLifeDays} />
        </Part>
        <Part
          id={`${id}-ledger`}
          title="Stock ledger"
          description="Every change of this product's units, newest first."
        >
          <StockLedger productId={productId} />
        </Part>
      </div>
    );
  }

  return (
    <Card
      ref={ref}
      id={id}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${id}-title`}
      className="mt-6 max-w-4xl scroll-mt-36 p-4 focus:outline-none sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-5 text-xl font-bold text-slate-900">
        Stock
      </h2>
      {body}
    </Card>
  );
}
