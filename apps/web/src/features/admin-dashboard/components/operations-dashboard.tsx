import { Inbox, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import {
  ORDER_STATUS_NAMES,
  isOrderStatusId,
  type DashboardResponse,
  type DashboardTopProduct,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useShopSettings } from '../../../lib/shop-settings';
import { useDashboard } from '../api/get-dashboard';
import { compactMoney, money } from '../utils/dashboard-format';
import { BarTable, type BarRow } from './bar-table';
import { DailyChart } from './daily-chart';
import { PeriodFigures } from './period-figures';
import { StockLists } from './stock-lists';
import { WorkQueues } from './work-queues';

/** While loading: the queues, and the figures and charts only for a role that gets them. */
function DashboardSkeleton({ figures }: { figures: boolean }) {
  return (
    <LoadingRegion label="Loading the dashboard" className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: figures ? 8 : 3 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      {figures ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-28" />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </div>
        </>
      ) : null}
    </LoadingRegion>
  );
}

/** Nothing at all for this role: no queue, no figure, no chart, no stock list. */
function isEmpty(dashboard: DashboardResponse): boolean {
  const { queues, periods, daily, ordersByStatus, topProductsByUnits, topProductsByRevenue } =
    dashboard;
  return (
    Object.values(queues).every((count) => count === undefined) &&
    [periods, daily, ordersByStatus, topProductsByUnits, topProductsByRevenue].every(
      (block) => block === undefined,
    ) &&
    dashboard.lowStock === undefined &&
    dashboard.nearExpiry === undefined
  );
}

const productRows = (
  products: DashboardTopProduct[],
  value: (product: DashboardTopProduct) => number,
  shown: (product: DashboardTopProduct) => string,
  extra: (product: DashboardTopProduct) => string,
): BarRow[] =>
  products.map((product, index) => ({
    key: `${product.productId ?? product.name}-${index}`,
    label: product.productId === null ? `${product.name} (deleted)` : product.name,
    value: value(product),
    shown: shown(product),
    extra: extra(product),
  }));

const NO_DAYS: NonNullable<DashboardResponse['daily']> = [];

/**
 * The last 30 days in charts (reports.view). Issue 32: each chart only when the answer has its
 * figures, and no section at all when it has none of them (a packer's dashboard).
 */
function Charts({ dashboard, symbol }: { dashboard: DashboardResponse; symbol: string }) {
  const formatMoney = useCallback((value: number) => money(value, symbol), [symbol]);
  const formatCount = useCallback((value: number) => value.toLocaleString('en-IN'), []);
  const formatMoneyAxis = useCallback((value: number) => compactMoney(value, symbol), [symbol]);
  const { daily, ordersByStatus, topProductsByUnits, topProductsByRevenue } = dashboard;
  const days = daily ?? NO_DAYS;
  const revenue = useMemo(
    () => days.map((day) => ({ day: day.day, value: day.revenueMinor })),
    [days],
  );
  const orders = useMemo(() => days.map((day) => ({ day: day.day, value: day.orders })), [days]);
  if (!daily && !ordersByStatus && !topProductsByUnits && !topProductsByRevenue) return null;
  const statuses: BarRow[] | undefined = ordersByStatus?.map((row) => ({
    key: String(row.statusId),
    label: isOrderStatusId(row.statusId) ? ORDER_STATUS_NAMES[row.statusId] : `#${row.statusId}`,
    value: row.orders,
    shown: formatCount(row.orders),
  }));
  return (
    <section aria-labelledby="charts-title" className="mb-8 flex flex-col gap-4">
      <h2 id="charts-title" className="text-lg font-semibold text-slate-900">
        The last 30 days
      </h2>
      {daily ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <DailyChart
            title="Revenue per day"
            points={revenue}
            kind="bars"
            format={formatMoney}
            axisFormat={formatMoneyAxis}
          />
          <DailyChart
            title="Orders per day"
            points={orders}
            kind="line"
            format={formatCount}
            axisFormat={formatCount}
          />
        </div>
      ) : null}
      {topProductsByUnits || topProductsByRevenue ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {topProductsByUnits ? (
            <BarTable
              title="Top 10 products by units"
              rows={productRows(
                topProductsByUnits,
                (product) => product.units,
                (product) => formatCount(product.units),
                (product) => formatMoney(product.revenueMinor),
              )}
              valueHeader="Units"
              extraHeader="Revenue"
              empty="Nothing sold in the last 30 days."
            />
          ) : null}
          {topProductsByRevenue ? (
            <BarTable
              title="Top 10 products by revenue"
              rows={productRows(
                topProductsByRevenue,
                (product) => product.revenueMinor,
                (product) => formatMoney(product.revenueMinor),
                (product) => formatCount(product.units),
              )}
              valueHeader="Revenue"
              extraHeader="Units"
              empty="Nothing sold in the last 30 days."
            />
          ) : null}
        </div>
      ) : null}
      {statuses ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <BarTable
            title="Orders by status"
            rows={statuses}
            valueHeader="Orders"
            empty="No orders in the last 30 days."
          />
        </div>
      ) : null}
    </section>
  );
}

/**
 * Issue 18 point 1: the staff's landing. What waits now (queues linking to the filtered order
 * list), how the shop is doing (figures against the period before), the last 30 days in charts
 * and the stock that needs attention. Issue 32: each block only when the answer has it (the
 * server leaves out what the role may not see), so a packer sees its queues only.
 */
export function OperationsDashboard() {
  const { currencySymbol } = useShopSettings();
  const { can } = useAuth();
  const query = useDashboard();
  const dashboard = query.data;

  let body;
  if (query.isPending) body = <DashboardSkeleton figures={can('reports.view')} />;
  else if (query.isError || !dashboard)
    body = (
      <EmptyState
        icon={<TriangleAlert className="size-8 text-red-700" />}
        title="We could not load the dashboard."
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else
    body = (
      <>
        <WorkQueues queues={dashboard.queues} />
        {dashboard.periods ? (
          <PeriodFigures periods={dashboard.periods} currencySymbol={currencySymbol} />
        ) : null}
        <Charts dashboard={dashboard} symbol={currencySymbol} />
        {dashboard.lowStock || dashboard.nearExpiry ? (
          <section aria-labelledby="stock-title">
            <h2 id="stock-title" className="mb-3 text-lg font-semibold text-slate-900">
              Stock to look at
            </h2>
            <StockLists dashboard={dashboard} />
          </section>
        ) : null}
        {isEmpty(dashboard) ? (
          <EmptyState icon={<Inbox className="size-8" />} title="Nothing on your dashboard.">
            Your role has no work queues or figures here. Use the menu to reach your pages.
          </EmptyState>
        ) : null}
      </>
    );

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          dashboard
            ? `Figures of ${new Date(dashboard.generatedAt).toLocaleString('en-IN', { timeZone: dashboard.timeZone, dateStyle: 'medium', timeStyle: 'short' })} (India time), refreshed every minute.`
            : 'What waits for you, and how the shop is doing.'
        }
        actions={
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Refresh
          </Button>
        }
      />
      {body}
    </>
  );
}
