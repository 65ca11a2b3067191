import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** One section of Privacy & data: an icon, a heading, what it does, and its controls. */
export function SectionCard({
  id,
  Icon,
  title,
  explain,
  children,
}: {
  id: string;
  Icon: LucideIcon;
  title: string;
  explain: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-6">
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <Icon aria-hidden="true" className="size-5 text-brand-700" />
            {title}
          </h2>
          <p className="text-sm text-slate-600">{explain}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}
