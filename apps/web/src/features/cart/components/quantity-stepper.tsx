import { Minus, Plus } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { bindingOrderLimit, canDecrement, canIncrement, maxUnits } from '../lib/cart-rules';

const stepClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

/** Issue 16: said when the per-order limit, not the stock, stops the count. */
export function limitText(limit: number): string {
  return `Limited to ${limit} per order`;
}

/**
 * Spec §2 / §5 quantity stepper: minus is disabled at 1, plus once the count reaches the available
 * stock or (issue 16) the product's per-order limit; the disabled buttons say why on hover.
 */
export function QuantityStepper({
  name,
  count,
  stock,
  limit = null,
  onStep,
  busy = false,
  className,
}: {
  /** The product's name, for the buttons' accessible names. */
  name: string;
  count: number;
  stock: number;
  /** The product's per-order limit (maxUnitsPerOrder); null when only the stock limits it. */
  limit?: number | null;
  onStep: (delta: 1 | -1) => void;
  /** Marks the group busy while the change travels; the buttons stay usable (no focus loss). */
  busy?: boolean;
  className?: string;
}) {
  const minusEnabled = canDecrement(count);
  const plusEnabled = canIncrement(count, stock, limit);
  const binding = bindingOrderLimit({ quantity: stock, maxUnitsPerOrder: limit });
  return (
    <div
      role="group"
      aria-label={`Quantity of ${name}`}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex items-center justify-between rounded-lg border border-slate-300 bg-white',
        className,
      )}
    >
      <button
        type="button"
        className={stepClass}
        onClick={() => onStep(-1)}
        disabled={!minusEnabled}
        aria-label={`Decrease quantity of ${name}`}
        title={minusEnabled ? undefined : 'The quantity cannot go below 1'}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output
        aria-live="polite"
        className="min-w-8 text-center text-sm font-semibold text-slate-900"
      >
        {count}
      </output>
      <button
        type="button"
        className={stepClass}
        onClick={() => onStep(1)}
        disabled={!plusEnabled}
        aria-label={`Increase quantity of ${name}`}
        title={
          plusEnabled
            ? undefined
            : binding !== null
              ? limitText(binding)
              : `Only ${maxUnits(stock)} available`
        }
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
