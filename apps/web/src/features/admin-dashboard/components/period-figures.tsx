import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useState } from 'react';
import type { DashboardPeriod } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';
import {
  countChange,
  money,
  percent,
  rateChange,
  shortDay,
  type Change,
} from '../utils/dashboard-format';

const PERIOD_LABELS: Record<number, string> = { 1: 'Today', 7: 'Last 7 days', 30: 'Last 30 days' };

interface Figure {
  label: string;
  value: string;
  before: string;
  change: Change;
  /** A rise is bad news (cancellations): the colours swap. */
  riseIsBad?: boolean;
  /** What the figure is made of, under it ('2 of 3 promised deliveries'). */
  detail?: string;
}

/** '2 of 3 on time', or what an empty period means (the rate then reads '—'). */
function onTimeDetail(delivered: number, onTime: number): string {
  if (delivered === 0) return 'No promised deliveries';
  return `${onTime.toLocaleString('en-IN')} of ${delivered.toLocaleString('en-IN')} on time`;
}

function figuresOf(period: DashboardPeriod, symbol: string): Figure[] {
  const { current: now, previous: before } = period;
  const aov = (value: number | null) => (value === null ? '—' : money(value, symbol));
  return [
    {
      label: 'Revenue',
      value: money(now.revenueMinor, symbol),
      before: money(before.revenueMinor, symbol),
      change: countChange(now.revenueMinor, before.revenueMinor),
    },
    {
      label: 'Orders',
      value: String(now.orders),
      before: String(before.orders),
      change: countChange(now.orders, before.orders),
    },
    {
      label: 'Average order value',
      value: aov(now.averageOrderValueMinor),
      before: aov(before.averageOrderValueMinor),
      change: countChange(now.averageOrderValueMinor, before.averageOrderValueMinor),
    },
    {
      label: 'New customers',
      value: String(now.newCustomers),
      before: String(before.newCustomers),
      change: countChange(now.newCustomers, before.newCustomers),
    },
    {
      label: 'Cancellation rate',
      value: percent(now.cancellationRate),
      before: percent(before.cancellationRate),
      change: rateChange(now.cancellationRate, before.cancellationRate),
      riseIsBad: true,
    },
    {
      label: 'On-time delivery',
      value: percent(now.onTimeRate),
      before: percent(before.onTimeRate),
      change: rateChange(now.onTimeRate, before.onTimeRate),
      detail: onTimeDetail(now.deliveredOrders, now.deliveredOnTime),
    },
  ];
}

function ChangeBadge({ change, riseIsBad }: { change: Change; riseIsBad?: boolean | undefined }) {
  const good = change.direction === (riseIsBad ? 'down' : 'up');
  const bad = change.direction === (riseIsBad ? 'up' : 'down');
  const Icon =
    change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold',
        good
          ? 'bg-green-50 text-green-800'
          : bad
            ? 'bg-red-50 text-red-800'
            : 'bg-slate-100 text-slate-700',
      )}
    >
      {change.direction === 'none' ? null : <Icon aria-hidden="true" className="size-3.5" />}
      {change.text}
    </span>
  );
}

/**
 * Issue 18: revenue, orders, average order value, new customers and cancellation rate of today,
 * the last 7 or the last 30 days in India, each beside the period of the same length before.
 * Issue 29 point 5 adds the on-time delivery rate of the same period.
 */
export function PeriodFigures({
  periods,
  currencySymbol,
}: {
  periods: DashboardPeriod[];
  currencySymbol: string;
}) {
  const [days, setDays] = useState(7);
  const period = periods.find((candidate) => candidate.days === days) ?? periods[0];
  if (!period) return null;
  const range = (from: string, to: string) =>
    from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`;

  return (
    <section aria-labelledby="figures-title" className="mb-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="figures-title" className="text-lg font-semibold text-slate-900">
            How the shop is doing
          </h2>
          <p className="text-sm text-slate-600">
            {range(period.from, period.to)}, against {range(period.previousFrom, period.previousTo)}
          </p>
        </div>
        <div
          role="group"
          aria-label="Period"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
        >
          {periods.map((candidate) => (
            <button
              key={candidate.days}
              type="button"
              aria-pressed={candidate.days === period.days}
              onClick={() => setDays(candidate.days)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                candidate.days === period.days
                  ? 'bg-brand-700 text-white'
                  : 'text-slate-700 hover:bg-brand-50',
              )}
            >
              {PERIOD_LABELS[candidate.days] ?? `${candidate.days} days`}
            </button>
          ))}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {figuresOf(period, currencySymbol).map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4"
          >
            <dt className="text-sm font-medium text-slate-600">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums text-slate-900 sm:text-2xl">
              {figure.value}
            </dd>
            {figure.detail ? (
              <dd className="text-xs text-slate-600 tabular-nums">{figure.detail}</dd>
            ) : null}
            <dd className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <ChangeBadge change={figure.change} riseIsBad={figure.riseIsBad} />
              <span>
                before: <span className="tabular-nums">{figure.before}</span>
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Days are days in India (IST). Revenue: the value of orders placed in the period that are
        paid online or confirmed for cash on delivery and not cancelled (Waiting To Accept,
        Accepted, Packing, Dispatched or Delivered); orders still in checkout are not counted.
        Orders: how many such orders. Average order value: revenue ÷ orders. New customers: customer
        accounts opened in the period. Cancellation rate: cancelled ÷ (counted + cancelled) orders
        placed in the period. On-time delivery: of the orders delivered in the period that had a
        promised delivery date, the share delivered on or before that day (India time), to 0.1 %; —
        when none was delivered.
      </p>
    </section>
  );
}
