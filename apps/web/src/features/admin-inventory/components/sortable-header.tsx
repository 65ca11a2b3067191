import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Select } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';

export type SortDirection = 'asc' | 'desc';

/**
 * A column header that sorts the list: a button inside the <th>, which carries aria-sort while
 * the list is sorted by it. A first click sorts ascending; a click on the sorted column turns it.
 */
export function SortableHeader<S extends string>({
  label,
  column,
  sort,
  direction,
  onSort,
  align = 'left',
}: {
  label: ReactNode;
  column: S;
  sort: S;
  direction: SortDirection;
  onSort: (column: S, direction: SortDirection) => void;
  align?: 'left' | 'right';
}) {
  const active = sort === column;
  const Icon = active ? (direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('px-1 py-1', align === 'right' && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(column, active && direction === 'asc' ? 'desc' : 'asc')}
        className={cn(
          'inline-flex min-h-9 items-center gap-1 rounded-md px-1.5 text-xs font-semibold tracking-wide uppercase hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700',
          align === 'right' && 'flex-row-reverse',
          active ? 'text-slate-900' : 'text-slate-700',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-60')} />
      </button>
    </th>
  );
}

/**
 * Phones show cards, not column headers: the same sorting as one select of column and direction.
 */
export function SortSelect<S extends string>({
  columns,
  sort,
  direction,
  onSort,
}: {
  columns: ReadonlyArray<{ column: S; label: string }>;
  sort: S;
  direction: SortDirection;
  onSort: (column: S, direction: SortDirection) => void;
}) {
  const id = useId();
  return (
    <div className="mb-3 flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-800">
        Sort by
      </label>
      <Select
        id={id}
        value={`${sort}:${direction}`}
        onChange={(event) => {
          const [column = '', next = 'asc'] = event.target.value.split(':');
          const found = columns.find((option) => option.column === column);
          if (found) onSort(found.column, next === 'desc' ? 'desc' : 'asc');
        }}
      >
        {columns.flatMap(({ column, label }) => [
          <option key={`${column}:asc`} value={`${column}:asc`}>
            {label}, ascending
          </option>,
          <option key={`${column}:desc`} value={`${column}:desc`}>
            {label}, descending
          </option>,
        ])}
      </Select>
    </div>
  );
}
