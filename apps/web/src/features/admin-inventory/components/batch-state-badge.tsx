import { Ban, CircleCheck, CircleDashed, CircleX, Clock } from 'lucide-react';
import { BATCH_STATE_LABELS, type BatchState } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';

/** DESIGN.md: green for sellable, amber for a warning, red for what cannot be sold; never colour alone. */
const looks: Record<BatchState, { Icon: typeof Ban; className: string }> = {
  sellable: { Icon: CircleCheck, className: 'bg-green-50 text-green-800 ring-green-200' },
  short_dated: { Icon: Clock, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  expired: { Icon: CircleX, className: 'bg-red-50 text-red-800 ring-red-200' },
  recalled: { Icon: Ban, className: 'bg-red-50 text-red-800 ring-red-200' },
  empty: { Icon: CircleDashed, className: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

export function BatchStateBadge({ state, title }: { state: BatchState; title?: string }) {
  const { Icon, className } = looks[state];
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {BATCH_STATE_LABELS[state]}
    </span>
  );
}
