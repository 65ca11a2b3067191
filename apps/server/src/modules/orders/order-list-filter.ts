import {
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  addDays,
  shopDay,
  shopDayStart,
  type OrderListQuery,
  type OrderStatusId,
} from '@pharmacy/shared';
import type { OrderListFilter } from './orders.repository';

/**
 * Issue 18: the order list's filters the dashboard's queues link to. Days are the shop's days in
 * India (rules/dashboard), as on the dashboard; `to` includes its whole day.
 */
export function adminListFilter(query: OrderListQuery, now: Date): OrderListFilter {
  const filter: OrderListFilter = {};
  if (query.from) filter.placedFrom = shopDayStart(query.from);
  if (query.to) filter.placedBefore = shopDayStart(addDays(query.to, 1));
  if (query.prescriptionPending) filter.statusIds = [ORDER_STATUS.WAITING_TO_ACCEPT];
  if (query.overdue) {
    filter.statusIds = (filter.statusIds ?? OPEN_ORDER_STATUSES).filter((id) =>
      OPEN_ORDER_STATUSES.includes(id as OrderStatusId),
    );
    filter.expectedBefore = shopDay(now);
  }
  return filter;
}
