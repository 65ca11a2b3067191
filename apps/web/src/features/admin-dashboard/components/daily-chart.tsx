import { useEffect, useRef } from 'react';
import uPlot, { type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shortDay } from '../utils/dashboard-format';

const BRAND = '#0f766e';
const HEIGHT = 220;

export interface DailyPoint {
  day: string;
  value: number;
}

/**
 * One figure per shop day drawn by uPlot (decision 0016): bars for an amount, a line for a
 * count. The canvas is hidden from assistive technology; the same figures are in the table
 * under it, which is what a screen reader reads.
 */
export function DailyChart({
  title,
  points,
  kind,
  format,
  axisFormat,
}: {
  title: string;
  points: DailyPoint[];
  kind: 'bars' | 'line';
  /** A value in full, for the table. */
  format: (value: number) => string;
  /** A value in short, for the axis ('₹12K'). */
  axisFormat: (value: number) => string;
}) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    // The days are calendar days: placed at UTC midnight and labelled in UTC, never shifted.
    const xs = points.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000);
    const ys = points.map((point) => point.value);
    const options: Options = {
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, max > 0 ? max : 1] } },
      axes: [
        {
          stroke: '#475569',
          grid: { show: false },
          ticks: { show: false },
          // '29 Oct', as the rest of the shop writes days (uPlot's default is '10/29').
          values: (_chart, splits) =>
            splits.map((seconds) => shortDay(new Date(seconds * 1000).toISOString().slice(0, 10))),
        },
        {
          stroke: '#475569',
          grid: { stroke: '#e2e8f0' },
          size: 56,
          values: (_chart, splits) => splits.map((value) => axisFormat(value)),
        },
      ],
      series: [
        {},
        kind === 'bars'
          ? {
              label: title,
              stroke: BRAND,
              fill: 'rgba(15, 118, 110, 0.75)',
              paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
              points: { show: false },
            }
          : { label: title, stroke: BRAND, width: 2, points: { show: true, size: 5 } },
      ],
    };
    const chart = new uPlot(options, [xs, ys], element);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, kind, title, axisFormat]);

  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="text-base font-semibold text-slate-900">{title}</figcaption>
      <div ref={holder} aria-hidden="true" className="w-full overflow-hidden" />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{title} as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <thead className="sticky top-0 bg-white">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {title}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {shortDay(point.day)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{format(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
