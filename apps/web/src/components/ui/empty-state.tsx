import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      {icon ? (
        <span className="text-slate-500" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className="text-base font-medium text-slate-800">{title}</p>
      {children ? <div className="text-sm text-slate-600">{children}</div> : null}
      {action}
    </div>
  );
}
