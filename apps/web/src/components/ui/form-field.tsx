import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** DESIGN.md forms: label above the field, the rule's message under it in red. */
const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 disabled:bg-slate-100';

function controlBorder(invalid: boolean): string {
  return invalid ? 'border-red-700' : 'border-slate-300';
}

interface FieldRenderProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Hides the label visually while keeping it for screen readers. */
  hideLabel?: boolean;
  className?: string;
  children: (field: FieldRenderProps) => ReactNode;
}

export function FormField({ label, error, hint, hideLabel, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label
        htmlFor={id}
        className={cn('text-sm font-medium text-slate-800', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(controlClasses, controlBorder(Boolean(props['aria-invalid'])), className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(controlClasses, controlBorder(Boolean(props['aria-invalid'])), className)}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        controlClasses,
        controlBorder(Boolean(props['aria-invalid'])),
        'pr-8',
        className,
      )}
      {...props}
    />
  );
}
