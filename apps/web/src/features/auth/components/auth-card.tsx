import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The centred card of the login, sign-up and password pages. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card className="flex flex-col gap-6 p-6 shadow-sm sm:p-8">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {children}
        {footer ? (
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm">{footer}</div>
        ) : null}
      </Card>
    </div>
  );
}
