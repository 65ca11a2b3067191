import {
  AlarmClockOff,
  CalendarClock,
  ClipboardCheck,
  FileCheck,
  Mail,
  PackageOpen,
  TimerOff,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { ORDER_STATUS, type DashboardResponse } from '@pharmacy/shared';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

interface Queue<Count = number> {
  label: string;
  hint: string;
  count: Count;
  to: string;
  Icon: LucideIcon;
  /** Amber when something waits, red when something is late. */
  tone: 'warn' | 'late';
}

const shown = (queue: Queue<number | undefined>): queue is Queue => queue.count !== undefined;

/** Issue 32: the queues the answer has; the server leaves out the ones this role cannot work. */
export function queuesOf(queues: DashboardResponse['queues']): Queue[] {
  const orders = paths.dashboard.ordersAll;
  const all: Queue<number | undefined>[] = [
    {
      label: 'Prescriptions to review',
      hint: 'Waiting To Accept',
      count: queues.prescriptionReview,
      to: orders.getHref({ prescriptionPending: 'true' }),
      Icon: FileCheck,
      tone: 'warn',
    },
    {
      label: 'Approved, to start packing',
      hint: 'Accepted',
      count: queues.approved,
      to: orders.getHref({ statusId: ORDER_STATUS.ACCEPTED }),
      Icon: ClipboardCheck,
      tone: 'warn',
    },
    {
      label: 'To pack and dispatch',
      hint: 'Packing',
      count: queues.packing,
      to: orders.getHref({ statusId: ORDER_STATUS.PACKING }),
      Icon: PackageOpen,
      tone: 'warn',
    },
    // Issue 29 point 5, the dispatch desk: the two never hold the same order (rules/dashboard).
    {
      label: 'Due today',
      hint: 'Promised for today, not dispatched yet',
      count: queues.dueToday,
      to: orders.getHref({ dueToday: 'true' }),
      Icon: CalendarClock,
      tone: 'warn',
    },
    {
      label: 'Late',
      hint: 'Promised before today, not delivered yet',
      count: queues.late,
      to: orders.getHref({ late: 'true' }),
      Icon: AlarmClockOff,
      tone: 'late',
    },
    {
      label: 'Past expected delivery',
      hint: 'Not delivered or cancelled',
      count: queues.overdue,
      to: orders.getHref({ overdue: 'true' }),
      Icon: TimerOff,
      tone: 'late',
    },
    {
      label: 'Open contact messages',
      hint: 'Not handled yet',
      count: queues.openContactMessages,
      to: paths.dashboard.messages.getHref(),
      Icon: Mail,
      tone: 'warn',
    },
    {
      label: 'Returns to handle',
      hint: 'Requested, approved or received',
      count: queues.openReturns,
      to: paths.dashboard.returns.getHref(),
      Icon: Undo2,
      tone: 'warn',
    },
  ];
  return all.filter(shown);
}

/**
 * Issue 18: what waits on the pharmacy now, each queue one click from the order list filtered
 * to it (or from the contact inbox). The count is in the link's name, so a screen reader hears
 * 'To pack and dispatch: 3'.
 */
export function WorkQueues({ queues }: { queues: DashboardResponse['queues'] }) {
  const list = queuesOf(queues);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="work-queues-title" className="mb-8">
      <h2 id="work-queues-title" className="mb-3 text-lg font-semibold text-slate-900">
        Work queues
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {list.map(({ label, hint, count, to, Icon, tone }) => (
          <li key={label}>
            <Link
              to={to}
              className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs hover:border-brand-600 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-lg',
                  count === 0
                    ? 'bg-slate-100 text-slate-500'
                    : tone === 'late'
                      ? 'bg-red-50 text-red-700'
                      : 'bg-amber-50 text-amber-800',
                )}
              >
                <Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-700">
                  {label}
                  <span className="sr-only">:</span>
                </span>
                <span className="block text-2xl font-bold tabular-nums text-slate-900">
                  {count}
                </span>
                <span className="block text-xs text-slate-600">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
