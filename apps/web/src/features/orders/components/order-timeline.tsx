import { ORDER_STATUS_NAMES, type OrderDetailResponse, type OrderStatusId } from '@pharmacy/shared';
import { formatDateTime } from '../lib/order-rules';

type HistoryEntry = OrderDetailResponse['statusHistory'][number];

const statusName = (id: number) => ORDER_STATUS_NAMES[id as OrderStatusId] ?? 'Unknown';

/** The order's status history as a timeline: from → to, who and when (oldest first). */
export function OrderTimeline({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) {
    return <p className="text-sm text-slate-600">No status changes yet.</p>;
  }
  return (
    <ol className="relative ml-2 border-l-2 border-slate-200">
      {history.map((entry, index) => {
        const last = index === history.length - 1;
        return (
          <li key={`${entry.createdAt}-${index}`} className="relative pb-5 pl-5 last:pb-0">
            <span
              aria-hidden="true"
              className={
                last
                  ? 'absolute top-1 -left-[7px] size-3 rounded-full bg-brand-700 ring-4 ring-brand-100'
                  : 'absolute top-1 -left-[7px] size-3 rounded-full bg-slate-400'
              }
            />
            <p className="text-sm text-slate-900">
              {entry.fromStatusId !== null ? (
                <>
                  <span className="text-slate-600">{statusName(entry.fromStatusId)}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> to </span>
                </>
              ) : null}
              <span className="font-semibold">{statusName(entry.toStatusId)}</span>
            </p>
            <p className="text-xs text-slate-600">
              {entry.changedBy ? `by ${entry.changedBy} · ` : ''}
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </p>
            {entry.note ? <p className="mt-1 text-sm text-slate-700">{entry.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
