import type { ReactNode } from 'react';

export interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  /** The value as shown ('₹1,200.00', '12'). */
  shown: string;
  /** A second column shown after the bar, not drawn. */
  extra?: string;
}

/**
 * A ranked bar chart that is also the data table: each row's bar is drawn in CSS beside its
 * label and number, so the figures stay text (read aloud, copied, zoomed) and the rows wrap on
 * a phone instead of shrinking a picture.
 */
export function BarTable({
  title,
  rows,
  valueHeader,
  extraHeader,
  empty,
}: {
  title: string;
  rows: BarRow[];
  valueHeader: string;
  extraHeader?: string;
  empty: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="w-1/2 pb-1 font-medium">
                Name
              </th>
              <th scope="col" className="w-1/6 pb-1">
                <span className="sr-only">Bar</span>
              </th>
              <th scope="col" className="w-24 pb-1 text-right font-medium">
                {valueHeader}
              </th>
              {extraHeader ? (
                <th scope="col" className="hidden w-28 pb-1 text-right font-medium sm:table-cell">
                  {extraHeader}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th
                  scope="row"
                  className="py-1.5 pr-2 text-left font-normal break-words text-slate-800"
                >
                  {row.label}
                </th>
                <td className="py-1.5" aria-hidden="true">
                  <div
                    className="h-3 rounded-sm bg-brand-600"
                    style={{ width: `${Math.max(2, (row.value / max) * 100)}%` }}
                  />
                </td>
                <td className="py-1.5 text-right font-medium tabular-nums text-slate-900">
                  {row.shown}
                </td>
                {extraHeader ? (
                  <td className="hidden py-1.5 text-right tabular-nums text-slate-600 sm:table-cell">
                    {row.extra}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
