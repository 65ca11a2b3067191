import { PackageCheck, RefreshCw, Undo2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { formatStepTime } from '../lib-format';
import { useReturnsQueue, type ReturnQueueTab } from '../api/admin-returns';
import { KIND_TITLES, ReturnStatusBadge } from './return-steps';

export const RETURN_TABS: ReadonlyArray<{ status: ReturnQueueTab; label: string }> = [
  { status: 'open', label: 'To handle' },
  { status: 'requested', label: 'Requested' },
  { status: 'approved', label: 'Approved' },
  { status: 'received', label: 'Received' },
  { status: 'refunded', label: 'Refunded' },
  { status: 'replaced', label: 'Replaced' },
  { status: 'rejected', label: 'Rejected' },
];

function useQueueParams() {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('status');
  const status = RETURN_TABS.find((tab) => tab.status === wanted)?.status ?? 'open';
  const pageText = Number(search.get('page'));
  const page = Number.isInteger(pageText) && pageText > 1 ? pageText : 1;
  const setPage = (next: number) =>
    setSearch((current) => {
      const query = new URLSearchParams(current);
      if (next <= 1) query.delete('page');
      else query.set('page', String(next));
      return query;
    });
  return { status, page, setPage };
}

/**
 * Issue 19: the pharmacy's returns queue, oldest first, a tab per status ('To handle' is every
 * request still waiting: requested, approved or received). The dashboard's queue links here.
 */
export function ReturnsQueue() {
  const { status, page, setPage } = useQueueParams();
  const queue = useReturnsQueue({ status, page });
  const { currencySymbol } = useShopSettings();
  const counts = queue.data?.counts;

  let body;
  if (queue.isPending) {
    body = (
      <LoadingRegion label="Loading return requests" className="flex flex-col gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-24 w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (queue.isError) {
    body = (
      <EmptyState
        icon={<Undo2 className="size-8" />}
        title="The return requests could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void queue.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(queue.error)}</span>
      </EmptyState>
    );
  } else if (queue.data.requests.length === 0) {
    body = (
      <EmptyState icon={<PackageCheck className="size-8" />} title="No return requests here.">
        {status === 'open'
          ? 'Returns and damage reports that customers send wait here until they are settled.'
          : 'Requests move here as they are worked.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul
          className={cn(
            'flex flex-col gap-3 transition-opacity',
            queue.isPlaceholderData && 'opacity-60',
          )}
        >
          {queue.data.requests.map((request) => (
            <li key={request.id}>
              <Link
                to={paths.dashboard.returnRequest.getHref(request.id)}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-xs hover:border-brand-600 hover:shadow-md sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="block text-base font-semibold text-slate-900">
                    {KIND_TITLES[request.kind]} #{request.id} · Order #{request.orderId}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {request.customerName} · {request.reasonLabel} ·{' '}
                    {request.lines.map((l) => `${l.productName} × ${l.units}`).join(', ')}
                  </span>
                  <span className="block text-xs text-slate-600">
                    Asked{' '}
                    <time dateTime={request.createdAt}>{formatStepTime(request.createdAt)}</time> ·
                    due {formatMoney(request.refundDue, currencySymbol)}
                  </span>
                </span>
                <ReturnStatusBadge status={request.status} />
              </Link>
            </li>
          ))}
        </ul>
        <Pagination
          page={queue.data.pagination.page}
          pageCount={queue.data.pagination.pageCount}
          onPageChange={setPage}
          label="Return request pages"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Returns"
        description="Return requests and reports of damaged or wrong items: approve or reject, receive the items, then refund or replace."
      />
      <nav aria-label="Return status" className="mb-4 overflow-x-auto border-b border-slate-200">
        <ul className="-mb-px flex gap-1">
          {RETURN_TABS.map((tab) => {
            const current = tab.status === status;
            const count = counts?.[tab.status];
            return (
              <li key={tab.status}>
                <Link
                  to={paths.dashboard.returns.getHref(
                    tab.status === 'open' ? undefined : tab.status,
                  )}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                    current
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900',
                  )}
                >
                  {tab.label}
                  {count ? (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">
                      <span className="sr-only">: </span>
                      {count}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {body}
    </>
  );
}
