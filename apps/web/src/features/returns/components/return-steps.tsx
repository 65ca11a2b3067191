import {
  RETURN_STATUS_NAMES,
  formatMoney,
  type ReturnRequest,
  type ReturnStatus,
} from '@pharmacy/shared';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { formatStepTime } from '../lib-format';

export const KIND_TITLES = { return: 'Return', damage: 'Damaged or wrong items' } as const;

const TONES: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  received: 'bg-indigo-100 text-indigo-900',
  refunded: 'bg-green-100 text-green-900',
  replaced: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TONES[status])}>
      {RETURN_STATUS_NAMES[status]}
    </span>
  );
}

/** The step's words: 'Refunded ₹250.00', 'Rejected: the seal is broken', … */
function stepText(
  request: ReturnRequest,
  event: ReturnRequest['events'][number],
  money: (n: number) => string,
) {
  const name = RETURN_STATUS_NAMES[event.toStatus];
  if (event.toStatus === 'refunded') return `${name} ${money(request.refunded)}`;
  return name;
}

/**
 * A request's steps as the customer and the pharmacy read them: Requested → Approved or
 * Rejected (with the reason) → Received → Refunded ₹x or Replaced, each with its date.
 */
export function ReturnSteps({ request }: { request: ReturnRequest }) {
  const { currencySymbol } = useShopSettings();
  const money = (amount: number) => formatMoney(amount, currencySymbol);
  return (
    <ol aria-label="Steps" className="relative ml-2 border-l-2 border-slate-200">
      {request.events.map((event, index) => {
        const last = index === request.events.length - 1;
        return (
          <li key={`${event.createdAt}-${index}`} className="relative pb-4 pl-5 last:pb-0">
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1 -left-[7px] size-3 rounded-full',
                last ? 'bg-brand-700 ring-4 ring-brand-100' : 'bg-slate-400',
              )}
            />
            <p className="text-sm font-semibold text-slate-900">
              {stepText(request, event, money)}
            </p>
            <p className="text-xs text-slate-600">
              <time dateTime={event.createdAt}>{formatStepTime(event.createdAt)}</time>
            </p>
            {event.toStatus === 'rejected' && request.rejectionReason ? (
              <p className="mt-1 text-sm text-slate-700">Reason: {request.rejectionReason}</p>
            ) : event.note && event.toStatus !== 'refunded' ? (
              <p className="mt-1 text-sm text-slate-700">{event.note}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** One request: what, why, the units, and its steps. */
export function ReturnRequestSummary({ request }: { request: ReturnRequest }) {
  const { currencySymbol } = useShopSettings();
  return (
    <article
      aria-labelledby={`return-${request.id}-title`}
      className="rounded-lg border border-slate-200 p-4"
    >
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`return-${request.id}-title`} className="text-base font-semibold text-slate-900">
          {KIND_TITLES[request.kind]} #{request.id}
        </h3>
        <ReturnStatusBadge status={request.status} />
      </header>
      <p className="text-sm text-slate-700">
        {request.reasonLabel}
        {request.reasonText ? ` — ${request.reasonText}` : ''}
      </p>
      <ul className="my-2 text-sm text-slate-800">
        {request.lines.map((line) => (
          <li key={line.orderLineId}>
            {line.productName} × {line.units}
            <span className="text-slate-600"> · {formatMoney(line.refundDue, currencySymbol)}</span>
          </li>
        ))}
      </ul>
      <ReturnSteps request={request} />
    </article>
  );
}
