import { PackageX, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { formatLongDate, type ReturnKind } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useOrderReturns } from '../api/get-order-returns';
import { ReturnForm } from './return-form';
import { ReturnRequestSummary } from './return-steps';

/**
 * Issue 19 on a delivered order's page: 'Return items' and 'Report a problem' while the windows
 * are open, the request form, and every request with its steps. Admins see the requests only.
 */
export function OrderReturns({ orderId, isOwner }: { orderId: number; isOwner: boolean }) {
  const query = useOrderReturns(orderId);
  const [open, setOpen] = useState<ReturnKind | null>(null);

  let body;
  if (query.isPending) {
    body = (
      <LoadingRegion label="Loading returns">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {getErrorMessage(query.error)}{' '}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  } else {
    const data = query.data;
    const deadlineText = (iso: string | null) => (iso ? formatLongDate(iso) : '');
    body = (
      <div className="flex flex-col gap-4">
        {isOwner && open === null ? (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap gap-2">
              {data.canReturn ? (
                <Button
                  variant="secondary"
                  icon={<RotateCcw aria-hidden="true" className="size-4" />}
                  onClick={() => setOpen('return')}
                >
                  Return items
                </Button>
              ) : null}
              {data.canReportDamage ? (
                <Button
                  variant="secondary"
                  icon={<PackageX aria-hidden="true" className="size-4" />}
                  onClick={() => setOpen('damage')}
                >
                  Report a problem
                </Button>
              ) : null}
            </div>
            <ul className="text-xs text-slate-600">
              {data.canReturn ? (
                <li>Unopened items can be returned until {deadlineText(data.returnDeadline)}.</li>
              ) : data.returnBlockReason ? (
                <li>{data.returnBlockReason}</li>
              ) : null}
              {data.canReportDamage ? (
                <li>
                  Damaged or wrong items can be reported until {deadlineText(data.damageDeadline)}.
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
        {isOwner && open !== null ? (
          <ReturnForm orderId={orderId} kind={open} data={data} onDone={() => setOpen(null)} />
        ) : null}
        {data.requests.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {[...data.requests].reverse().map((request) => (
              <li key={request.id}>
                <ReturnRequestSummary request={request} />
              </li>
            ))}
          </ul>
        ) : !isOwner ? (
          <p className="text-sm text-slate-600">No returns or problem reports for this order.</p>
        ) : null}
      </div>
    );
  }

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Returns and problems</h2>
      {body}
    </Card>
  );
}
