import { Download, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { RecallOrder } from '@pharmacy/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { telHref } from '../../../lib/tel-href';
import { notify } from '../../../lib/toast';
import { useDownloadBatchOrdersCsv } from '../api/download-batch-orders';
import { batchOrdersCsvUrl, useBatchOrders } from '../api/get-batch-orders';
import { formatShortDate, unitsText } from '../utils/stock-format';
import { BatchStateBadge } from './batch-state-badge';

function OrdersTable({ orders }: { orders: RecallOrder[] }) {
  return (
    <div
      className="max-h-[50vh] overflow-auto rounded-lg border border-slate-200"
      role="region"
      aria-label="Orders with units of this batch"
      tabIndex={0}
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Orders that received units of this batch</caption>
        <thead className="sticky top-0 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2.5 py-2">
              Order
            </th>
            <th scope="col" className="px-2.5 py-2">
              Customer
            </th>
            <th scope="col" className="px-2.5 py-2">
              Contact
            </th>
            <th scope="col" className="px-2.5 py-2 text-right">
              Units
            </th>
            <th scope="col" className="px-2.5 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId} className="border-t border-slate-100 even:bg-slate-50/60">
              <th scope="row" className="px-2.5 py-2 text-left align-top font-medium">
                <Link
                  to={paths.order.getHref(order.orderId)}
                  className="text-brand-700 hover:underline"
                >
                  #{order.orderId}
                </Link>
                <span className="block text-xs font-normal text-slate-600">
                  {formatShortDate(order.orderedAt)}
                </span>
              </th>
              <td className="px-2.5 py-2 align-top text-slate-900">{order.customerName}</td>
              <td className="px-2.5 py-2 align-top">
                <a
                  href={`mailto:${order.customerEmail}`}
                  className="block break-all text-brand-700 hover:underline"
                >
                  {order.customerEmail}
                </a>
                {order.customerPhone ? (
                  <a
                    href={telHref(order.customerPhone)}
                    className="block text-brand-700 hover:underline"
                  >
                    {order.customerPhone}
                  </a>
                ) : (
                  <span className="block text-slate-600">No phone</span>
                )}
              </td>
              <td className="px-2.5 py-2 text-right align-top tabular-nums">{order.units}</td>
              <td className="px-2.5 py-2 align-top">
                <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-200">
                  {order.status}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BatchOrders({ batchId }: { batchId: number }) {
  const query = useBatchOrders(batchId);
  const download = useDownloadBatchOrdersCsv();

  if (query.isPending) {
    return (
      <LoadingRegion label="Loading orders" className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </LoadingRegion>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title="The orders could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(query.error)}</span>
      </EmptyState>
    );
  }

  const { batch, productName, orders } = query.data;
  const units = orders.reduce((sum, order) => sum + order.units, 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{productName}</span>
        <span>Expiry {formatShortDate(batch.expiryDate)}</span>
        <BatchStateBadge state={batch.state} />
      </div>
      {batch.recallReason ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
          <span className="font-semibold">Recalled</span>
          {batch.recalledAt ? ` on ${formatShortDate(batch.recalledAt)}` : ''}: {batch.recallReason}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <EmptyState
          icon={<Users className="size-8" />}
          title="No orders received units of this batch."
          className="py-6"
        >
          There is nobody to contact.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {orders.length === 1 ? '1 order' : `${orders.length} orders`} received{' '}
            {unitsText(units)} of this batch.
          </p>
          <OrdersTable orders={orders} />
        </>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {orders.length > 0 ? (
          <a
            href={batchOrdersCsvUrl(batchId)}
            aria-disabled={download.isPending || undefined}
            onClick={(event) => {
              // The file needs the session's token, which a plain link cannot send.
              event.preventDefault();
              if (download.isPending) return;
              download.mutate(batchId, {
                onSuccess: (name) => notify.success(`Downloaded ${name}`),
              });
            }}
            className={buttonClasses('secondary', 'md')}
          >
            <Download aria-hidden="true" className="size-4" />
            {download.isPending ? 'Downloading...' : 'Download CSV'}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The customers who received units of a batch (after a recall, or later from the batch's
 * Customers action): order, customer, e-mail, phone, units and status, and the same as CSV.
 */
export function BatchOrdersDialog({
  batch,
  onClose,
}: {
  batch: { id: number; batchNumber: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={batch !== null}
      onClose={onClose}
      size="lg"
      title={batch ? `Customers of batch ${batch.batchNumber}` : 'Customers of batch'}
      description="Orders that received units of this batch and kept them; cancelled orders returned theirs."
    >
      {batch ? <BatchOrders key={batch.id} batchId={batch.id} /> : null}
    </Dialog>
  );
}
