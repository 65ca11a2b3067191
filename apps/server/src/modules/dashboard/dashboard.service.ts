import {
  CONFIRMED_ORDER_STATUSES,
  DASHBOARD_PERIOD_DAYS,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  SHOP_TIME_ZONE,
  addDays,
  dashboardPeriod,
  periodFigures,
  shopDay,
  shopDayStart,
  type DailyFigures,
  type DashboardResponse,
  type DashboardTopProduct,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import type { InventoryService } from '../inventory/inventory.service';
import type { SupportInboxService } from '../support-inbox/support-inbox.service';
import * as repository from './dashboard.repository';

/** The longest period shown; with the period before it, the span of days read. */
const LONGEST_PERIOD_DAYS = Math.max(...DASHBOARD_PERIOD_DAYS);
const TOP_PRODUCTS = 10;
/** Rows of the low-stock and near-expiry lists shown; their full lists are a click away. */
const STOCK_ROWS = 10;

/** Every day from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const toTopProduct = (row: repository.TopProductRow): DashboardTopProduct => ({
  productId: row.productId,
  name: row.name,
  units: row.units,
  revenueMinor: row.revenueMinor,
});

export function createDashboardService(deps: {
  db: Database;
  inventory: Pick<InventoryService, 'lowStock' | 'nearExpiry'>;
  inbox: Pick<SupportInboxService, 'openCount'>;
  /** Return requests still open (issue 19 returns queue). */
  openReturns: () => Promise<number>;
  now?: (() => Date) | undefined;
}) {
  const { db, inventory, inbox } = deps;
  const now = () => deps.now?.() ?? new Date();

  return {
    /**
     * The operations dashboard (issue 18 point 1): work queues, the figures of today and the
     * last 7 and 30 shop days against the period before each, the last 30 days per day, the
     * statuses and best sellers of those 30 days and the stock lists. Days are India's.
     * Issue 29 point 5 adds the dispatch desk (Due today, Late) and each period's on-time rate.
     */
    async overview(): Promise<DashboardResponse> {
      const at = now();
      const today = shopDay(at);
      const longest = dashboardPeriod(today, LONGEST_PERIOD_DAYS);
      const span = {
        from: shopDayStart(longest.previous.from),
        before: shopDayStart(addDays(today, 1)),
      };
      const last30 = { from: shopDayStart(longest.current.from), before: span.before };
      const [
        perDay,
        customersPerDay,
        queueCounts,
        overdue,
        dispatchQueues,
        deliveries,
        openContactMessages,
        openReturns,
        statuses,
        top,
        lowStock,
        nearExpiry,
      ] = await Promise.all([
        repository.ordersPerDay(db, span, CONFIRMED_ORDER_STATUSES),
        repository.newCustomersPerDay(db, span),
        repository.countByStatus(db, [
          ORDER_STATUS.WAITING_TO_ACCEPT,
          ORDER_STATUS.ACCEPTED,
          ORDER_STATUS.PACKING,
        ]),
        repository.countOverdue(db, OPEN_ORDER_STATUSES, today),
        repository.countDispatchQueues(db, today),
        repository.deliveriesPerDay(db, span),
        inbox.openCount(),
        deps.openReturns(),
        repository.statusesOfPlaced(db, last30),
        repository.topProducts(db, last30, CONFIRMED_ORDER_STATUSES, TOP_PRODUCTS),
        inventory.lowStock({
          page: 1,
          pageSize: STOCK_ROWS,
          sort: 'quantity',
          direction: 'asc',
        }),
        inventory.nearExpiry({
          page: 1,
          pageSize: STOCK_ROWS,
          sort: 'expiryDate',
          direction: 'asc',
        }),
      ]);

      const byDay = new Map<string, DailyFigures>();
      const dayOf = (day: string) => {
        let figures = byDay.get(day);
        if (!figures) {
          figures = {
            day,
            orders: 0,
            revenueMinor: 0,
            cancelledOrders: 0,
            newCustomers: 0,
            delivered: 0,
            deliveredOnTime: 0,
          };
          byDay.set(day, figures);
        }
        return figures;
      };
      for (const row of perDay) {
        const figures = dayOf(row.day);
        figures.orders = row.orders;
        figures.revenueMinor = Number(row.revenueMinor);
        figures.cancelledOrders = row.cancelledOrders;
      }
      for (const row of customersPerDay) dayOf(row.day).newCustomers = row.customers;
      for (const row of deliveries) {
        const figures = dayOf(row.day);
        figures.delivered = row.delivered;
        figures.deliveredOnTime = row.onTime;
      }
      const daily = [...byDay.values()];

      const queue = (statusId: number) =>
        queueCounts.find((row) => row.statusId === statusId)?.orders ?? 0;

      return {
        generatedAt: at.toISOString(),
        timeZone: SHOP_TIME_ZONE,
        today,
        queues: {
          prescriptionReview: queue(ORDER_STATUS.WAITING_TO_ACCEPT),
          approved: queue(ORDER_STATUS.ACCEPTED),
          packing: queue(ORDER_STATUS.PACKING),
          overdue,
          dueToday: dispatchQueues.dueToday,
          late: dispatchQueues.late,
          openContactMessages,
          openReturns,
        },
        periods: DASHBOARD_PERIOD_DAYS.map((days) => {
          const { current, previous } = dashboardPeriod(today, days);
          return {
            days,
            from: current.from,
            to: current.to,
            previousFrom: previous.from,
            previousTo: previous.to,
            current: periodFigures(daily, current),
            previous: periodFigures(daily, previous),
          };
        }),
        daily: daysFrom(longest.current.from, today).map((day) => ({
          day,
          orders: byDay.get(day)?.orders ?? 0,
          revenueMinor: byDay.get(day)?.revenueMinor ?? 0,
        })),
        ordersByStatus: statuses.toSorted((a, b) => a.statusId - b.statusId),
        topProductsByUnits: top
          .filter((row) => row.ranking === 'units')
          .toSorted((a, b) => b.units - a.units || b.revenueMinor - a.revenueMinor)
          .map(toTopProduct),
        topProductsByRevenue: top
          .filter((row) => row.ranking === 'revenue')
          .toSorted((a, b) => b.revenueMinor - a.revenueMinor || b.units - a.units)
          .map(toTopProduct),
        lowStock: lowStock.items,
        lowStockCount: lowStock.pagination.rowCount,
        nearExpiry: nearExpiry.items,
        nearExpiryCount: nearExpiry.pagination.rowCount,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
