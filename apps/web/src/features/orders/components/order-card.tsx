import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatLongDate, formatMoney, type Order } from '@pharmacy/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { orderImageUrl } from '../lib/order-rules';
import { OrderStatusBadge } from './order-status-badge';

/**
 * Spec §2 order card: ordered-by name, status, order number, order date, total and the first
 * item's image, the whole card linking to /order/{id}. `actions` (issue 17 'Buy again') take a
 * row of their own below, above the card's link so that they can be clicked.
 */
export function OrderCard({
  order,
  currencySymbol,
  actions,
}: {
  order: Order;
  currencySymbol: string;
  actions?: ReactNode;
}) {
  return (
    <article className="relative flex flex-wrap gap-4 rounded-xl border border-slate-200 bg-white p-4 transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      <img
        src={orderImageUrl(order.firstItemImage, `Order ${order.id}`)}
        alt=""
        width={72}
        height={72}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain p-1 sm:size-[72px]"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-base font-semibold text-slate-900">
            <Link
              to={paths.order.getHref(order.id)}
              className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
            >
              Order #{order.id}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-700">
            Ordered by <span className="font-medium text-slate-900">{order.orderedBy.name}</span>
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
            <span aria-hidden="true"> · </span>
            {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <OrderStatusBadge order={order} />
          {order.totalOrderValue !== undefined ? (
            <p className="text-lg font-bold text-slate-900">
              <span className="sr-only">Total </span>
              {formatMoney(order.totalOrderValue, currencySymbol)}
            </p>
          ) : null}
        </div>
      </div>
      {actions ? (
        <div className="relative z-10 w-full border-t border-slate-100 pt-3">{actions}</div>
      ) : null}
    </article>
  );
}

export function OrderCardSkeleton() {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <Skeleton className="size-16 shrink-0 sm:size-[72px]" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="hidden flex-col items-end gap-2 sm:flex">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-6 w-20" />
      </div>
    </div>
  );
}
