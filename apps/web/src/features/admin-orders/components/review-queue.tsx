import { ClipboardCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatLongDate, formatMoney } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useShopSettings } from '../../../lib/shop-settings';
import { useReviewQueue } from '../api/get-review-queue';

/**
 * The pharmacist's queue (DECISIONS): every order Waiting To Accept, oldest concerns first in the
 * server's order, each linking to the order page where its prescriptions are reviewed.
 */
export function ReviewQueue() {
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);
  const { currencySymbol } = useShopSettings();
  const count = queue.data?.pagination.rowCount;

  let body;
  if (queue.isPending) {
    body = (
      <LoadingRegion label="Loading orders" className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (queue.isError) {
    body = (
      <EmptyState
        title="The review queue could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void queue.refetch()}
          >
            Try again
          </Button>
        }
      />
    );
  } else if (queue.data.orderList.length === 0) {
    body = (
      <EmptyState
        icon={<ClipboardCheck className="size-8" />}
        title="No prescriptions are waiting for review."
      />
    );
  } else {
    body = (
      <>
        <ul aria-label="Orders waiting for review" className="flex flex-col gap-3">
          {queue.data.orderList.map((order) => (
            <li key={order.id}>
              <Link
                to={paths.order.getHref(order.id)}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-brand-800">Order #{order.id}</span>
                  <span className="text-sm text-slate-700">
                    {order.orderedBy.name} · {formatLongDate(order.createdAt)}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {order.status}
                  </span>
                  {order.totalOrderValue !== undefined ? (
                    <span className="font-semibold text-slate-900">
                      {formatMoney(order.totalOrderValue, currencySymbol)}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <Pagination
            page={page}
            pageCount={queue.data.pagination.pageCount}
            onPageChange={setPage}
          />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={count === undefined ? 'Prescription Reviews' : `Prescription Reviews (${count})`}
        description="Orders waiting for a pharmacist to check their prescription."
      />
      {body}
    </>
  );
}
