import { Link } from 'react-router';
import type { DashboardResponse } from '@pharmacy/shared';
import { paths } from '../../../config/paths';
import { shortDay } from '../utils/dashboard-format';

function StockTable({
  title,
  total,
  href,
  empty,
  headers,
  rows,
}: {
  title: string;
  total: number;
  href: string;
  empty: string;
  headers: string[];
  rows: { key: number; cells: (string | number)[] }[];
}) {
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          {title} <span className="font-normal text-slate-600">({total})</span>
        </h3>
        <Link
          to={href}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          See all<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-xs text-slate-600">
                {headers.map((header, index) => (
                  <th
                    key={header}
                    scope="col"
                    className={
                      index === 0
                        ? 'pb-1 text-left font-medium'
                        : 'pb-1 pl-2 text-right font-medium'
                    }
                  >
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100 hover:bg-slate-50">
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={index}
                        scope="row"
                        className="py-1.5 pr-2 text-left font-normal text-slate-800"
                      >
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={index}
                        className="py-1.5 pl-2 text-right tabular-nums whitespace-nowrap"
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * The inventory module's low-stock and near-expiry lists, their first rows and a way to all
 * (issue 32: only the lists the answer has; null when it has neither).
 */
export function StockLists({ dashboard }: { dashboard: DashboardResponse }) {
  const { lowStock, lowStockCount, nearExpiry, nearExpiryCount } = dashboard;
  const low = lowStock !== undefined && lowStockCount !== undefined;
  const expiring = nearExpiry !== undefined && nearExpiryCount !== undefined;
  if (!low && !expiring) return null;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {low ? (
        <StockTable
          title="Low stock"
          total={lowStockCount}
          href={paths.dashboard.lowStock.getHref()}
          empty="No product is below its reorder level."
          headers={['Product', 'In stock', 'Reorder at']}
          rows={lowStock.map((item) => ({
            key: item.productId,
            cells: [item.name, item.quantity, item.reorderLevel],
          }))}
        />
      ) : null}
      {expiring ? (
        <StockTable
          title="Near expiry"
          total={nearExpiryCount}
          href={paths.dashboard.nearExpiry.getHref()}
          empty="No batch expires soon."
          headers={['Product', 'Batch', 'Expires', 'Units']}
          rows={nearExpiry.map((item) => ({
            key: item.batchId,
            cells: [item.productName, item.batchNumber, shortDay(item.expiryDate), item.onHand],
          }))}
        />
      ) : null}
    </div>
  );
}
