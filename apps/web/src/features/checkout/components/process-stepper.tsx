import { Check } from 'lucide-react';
import type { OrderProcessStep, OrderProcessStepId } from '@pharmacy/shared';
import { cn } from '../../../lib/cn';

/** Spec §2 stepper (the same look as the order pages'): done steps ticked, the current ringed. */
export function ProcessStepper({
  steps,
  current,
}: {
  steps: OrderProcessStep[];
  current: OrderProcessStepId;
}) {
  const currentIndex = steps.findIndex((step) => step.id === current);
  return (
    <ol aria-label="Order progress" className="flex items-start">
      {steps.map((step, index) => {
        const done = currentIndex > index || (current === 'confirmed' && step.id === 'confirmed');
        const isCurrent = index === currentIndex;
        return (
          <li
            key={step.id}
            aria-current={isCurrent ? 'step' : undefined}
            className="flex flex-1 flex-col items-center gap-2 text-center"
          >
            <div className="flex w-full items-center">
              <span
                aria-hidden="true"
                className={cn(
                  'h-0.5 flex-1',
                  index === 0
                    ? 'invisible'
                    : currentIndex >= index
                      ? 'bg-brand-700'
                      : 'bg-slate-200',
                )}
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                  done
                    ? 'bg-brand-700 text-white'
                    : isCurrent
                      ? 'bg-white text-brand-800 ring-2 ring-brand-700'
                      : 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <Check className="size-5" /> : index + 1}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'h-0.5 flex-1',
                  index === steps.length - 1
                    ? 'invisible'
                    : currentIndex > index
                      ? 'bg-brand-700'
                      : 'bg-slate-200',
                )}
              />
            </div>
            <span
              className={cn(
                'text-xs sm:text-sm',
                isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600',
              )}
            >
              {step.label}
              {done ? <span className="sr-only"> (done)</span> : null}
              {isCurrent && !done ? <span className="sr-only"> (current step)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
