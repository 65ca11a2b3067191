import { FileText } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * DESIGN.md: amber for prescription-required, always with the words. Marks a line (cart, order
 * process, pharmacist review) whose medicine is sold only against a prescription.
 */
export function PrescriptionRequiredTag({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200',
        className,
      )}
    >
      <FileText aria-hidden="true" className="size-3.5" />
      Prescription required
    </span>
  );
}
