import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LIMITS } from '@pharmacy/shared';
import { cn } from '../../lib/cn';

type PageItem = number | 'gap';

/** Spec §9 pagination control: a range of 3 pages around the current one, 2 at each margin. */
export function pageItems(
  page: number,
  pageCount: number,
  range: number = LIMITS.paginationPageRange,
  margin: number = LIMITS.paginationMarginPages,
): PageItem[] {
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, pageCount); p++) shown.add(p);
  for (let p = Math.max(1, pageCount - margin + 1); p <= pageCount; p++) shown.add(p);
  const half = Math.floor(range / 2);
  const start = Math.max(1, Math.min(page - half, pageCount - range + 1));
  for (let p = start; p < start + range && p <= pageCount; p++) shown.add(p);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous > 1) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}

const itemClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium';

export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={cn(
              itemClass,
              'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50',
            )}
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="sr-only">Previous page</span>
          </button>
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
                className={cn(
                  itemClass,
                  item === page
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                <span className="sr-only">Page </span>
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={cn(
              itemClass,
              'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-50',
            )}
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pageCount}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
            <span className="sr-only">Next page</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
