import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface Warning {
  id: string | number;
  text: ReactNode;
}

/**
 * DESIGN.md warnings: amber boxes with an icon and words, one per warning (issue 16 duplicate
 * therapies in the cart, the order process and the pharmacist's review). Nothing when empty.
 */
export function WarningList({
  label,
  title,
  warnings,
  className,
}: {
  /** The list's accessible name. */
  label: string;
  /** A short lead-in shown before each warning, e.g. 'Duplicate therapy'. */
  title?: string;
  warnings: readonly Warning[];
  className?: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-col gap-2', className)}>
      {warnings.map((warning) => (
        <li
          key={warning.id}
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <p>
            {title ? <span className="font-semibold">{title}: </span> : null}
            {warning.text}
          </p>
        </li>
      ))}
    </ul>
  );
}
