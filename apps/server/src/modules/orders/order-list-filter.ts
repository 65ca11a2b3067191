import {
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  addDays,
  dispatchQueueFilter,
  shopDay,
  shopDayStart,
  type DispatchQueueFilter,
  type OrderListQuery,
  type OrderStatusId,
} from '@pharmacy/shared';
import type { OrderListFilter } from './orders.repository';

/**
 * Narrows `filter` to orders in `by`'s statuses promised in its days as well: the flags combine
 * as "and", as the dates do.
 */
function narrow(filter: OrderListFilter, by: DispatchQueueFilter) {
  filter.statusIds = (filter.statusIds ?? by.statusIds).filter((id) =>
    by.statusIds.includes(id as OrderStatusId),
  );
  if (filter.expectedBefore === undefined || by.expectedBefore < filter.expectedBefore)
    filter.expectedBefore = by.expectedBefore;
  if (
    by.expectedFrom !== undefined &&
    (filter.expectedFrom === undefined || by.expectedFrom > filter.expectedFrom)
  )
    filter.expectedFrom = by.expectedFrom;
}

/**
 * Issue 18: the order list's filters the dashboard's queues link to. Days are the shop's days in
 * India (rules/dashboard), as on the dashboard; `to` includes its whole day. Issue 29: the
 * dispatch desk's Due today and Late take the same definition as the dashboard's counts
 * (dispatchQueueFilter), on the day `now` falls in.
 */
export function adminListFilter(query: OrderListQuery, now: Date): OrderListFilter {
  const filter: OrderListFilter = {};
  const today = shopDay(now);
  if (query.from) filter.placedFrom = shopDayStart(query.from);
  if (query.to) filter.placedBefore = shopDayStart(addDays(query.to, 1));
  if (query.prescriptionPending) filter.statusIds = [ORDER_STATUS.WAITING_TO_ACCEPT];
  if (query.overdue) narrow(filter, { statusIds: OPEN_ORDER_STATUSES, expectedBefore: today });
  if (query.dueToday) narrow(filter, dispatchQueueFilter('dueToday', today));
  if (query.late) narrow(filter, dispatchQueueFilter('late', today));
  return filter;
}
