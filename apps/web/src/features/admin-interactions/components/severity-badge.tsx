import { Info, OctagonAlert, TriangleAlert } from 'lucide-react';
import { INTERACTION_SEVERITY_LABELS, type InteractionSeverity } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';

/** DESIGN.md: red for danger, amber for warnings, never colour alone (an icon and the word). */
const STYLE: Record<InteractionSeverity, { className: string; Icon: typeof Info }> = {
  major: { className: 'bg-red-50 text-red-800 ring-red-200', Icon: OctagonAlert },
  moderate: { className: 'bg-amber-50 text-amber-900 ring-amber-200', Icon: TriangleAlert },
  minor: { className: 'bg-slate-100 text-slate-800 ring-slate-200', Icon: Info },
};

export function SeverityBadge({ severity }: { severity: InteractionSeverity }) {
  const { className, Icon } = STYLE[severity];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {INTERACTION_SEVERITY_LABELS[severity]}
    </span>
  );
}
