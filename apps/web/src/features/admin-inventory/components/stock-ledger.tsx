import { History, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADJUSTMENT_REASON_LABELS,
  STOCK_MOVEMENT_LABELS,
  type StockMovement,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useStockLedger } from '../api/get-stock-ledger';
import { formatDateTime, signedUnits } from '../utils/stock-format';

function MovementRow({ movement }: { movement: StockMovement }) {
  const reason = movement.reason ? ADJUSTMENT_REASON_LABELS[movement.reason] : null;
  return (
    <tr className="border-t border-slate-100 even:bg-slate-50/60">
      <td className="px-2.5 py-2 whitespace-nowrap text-slate-700">
        <time dateTime={movement.createdAt}>{formatDateTime(movement.createdAt)}</time>
      </td>
      <th scope="row" className="px-2.5 py-2 text-left font-medium text-slate-900">
        {STOCK_MOVEMENT_LABELS[movement.kind]}
      </th>
      <td
        className={cn(
          'px-2.5 py-2 text-right font-semibold whitespace-nowrap tabular-nums',
          movement.units > 0 ? 'text-green-800' : movement.units < 0 ? 'text-red-700' : '',
        )}
      >
        {signedUnits(movement.units)}
      </td>
      <td className="px-2.5 py-2 whitespace-nowrap text-slate-800">{movement.batchNumber}</td>
      <td className="max-w-72 px-2.5 py-2 text-slate-700">
        {reason ? <span className="block font-medium text-slate-800">{reason}</span> : null}
        {movement.note ? <span className="block break-words">{movement.note}</span> : null}
        {!reason && !movement.note ? <span className="text-slate-500">—</span> : null}
      </td>
      <td className="px-2.5 py-2 whitespace-nowrap">
        {movement.orderId !== null ? (
          <Link
            to={paths.order.getHref(movement.orderId)}
            className="text-brand-700 hover:underline"
          >
            #{movement.orderId}
          </Link>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td className="px-2.5 py-2 text-slate-700">{movement.byName ?? 'System'}</td>
    </tr>
  );
}

/**
 * Issue 15 stock ledger: every movement of the product's units, newest first and paginated: when,
 * what (receipt, sale, return, adjustment, write-off, recall), signed units, the batch, the
 * reason or note, the order and who did it.
 */
export function StockLedger({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useStockLedger(productId, page);

  if (ledger.isPending) {
    return (
      <LoadingRegion label="Loading stock movements" className="flex flex-col gap-2">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </LoadingRegion>
    );
  }
  if (ledger.isError) {
    return (
      <EmptyState
        title="The stock movements could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void ledger.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(ledger.error)}</span>
      </EmptyState>
    );
  }
  const { movements, pagination } = ledger.data;
  if (movements.length === 0) {
    return (
      <EmptyState icon={<History className="size-8" />} title="No stock movements yet.">
        Receipts, sales, returns, adjustments, write-offs and recalls show here.
      </EmptyState>
    );
  }
  return (
    <>
      <div
        className={cn(
          'overflow-auto rounded-xl border border-slate-200 bg-white transition-opacity',
          ledger.isPlaceholderData && 'opacity-60',
        )}
        role="region"
        aria-label="Stock ledger table"
        tabIndex={0}
      >
        <table className="w-full min-w-[52rem] text-sm">
          <caption className="sr-only">Stock movements, newest first</caption>
          <thead className="bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
            <tr>
              <th scope="col" className="px-2.5 py-2">
                When
              </th>
              <th scope="col" className="px-2.5 py-2">
                Movement
              </th>
              <th scope="col" className="px-2.5 py-2 text-right">
                Units
              </th>
              <th scope="col" className="px-2.5 py-2">
                Batch
              </th>
              <th scope="col" className="px-2.5 py-2">
                Reason / Note
              </th>
              <th scope="col" className="px-2.5 py-2">
                Order
              </th>
              <th scope="col" className="px-2.5 py-2">
                By
              </th>
            </tr>
          </thead>
          <tbody>
            {movements.map((movement) => (
              <MovementRow key={movement.id} movement={movement} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={pagination.page}
        pageCount={pagination.pageCount}
        onPageChange={setPage}
        label="Stock ledger pages"
      />
    </>
  );
}
