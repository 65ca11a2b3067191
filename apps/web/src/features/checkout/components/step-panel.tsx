import type { ReactNode } from 'react';

/** A step's heading row: icon, title and an optional line under it. */
export function StepHeading({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
}) {
  return (
    <div className="mb-5 flex items-start gap-3">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
    </div>
  );
}
