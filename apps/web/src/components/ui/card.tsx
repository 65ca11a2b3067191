import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** DESIGN.md cards: white, 1 px light border, rounded corners. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-xl border border-slate-200 bg-white', className)} {...props} />
  );
}
