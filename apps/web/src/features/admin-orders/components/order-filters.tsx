import { X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ORDER_FILTER_MESSAGES, isCalendarDay } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';

const FLAGS = ['prescriptionPending', 'overdue', 'dueToday', 'late'] as const;
type Flag = (typeof FLAGS)[number];

/** The checkboxes, in the order shown; the dispatch desk's two are issue 29's. */
const FLAG_LABELS: Record<Flag, string> = {
  prescriptionPending: 'Prescription pending',
  overdue: 'Overdue',
  dueToday: 'Due today',
  late: 'Late',
};
const FILTER_KEYS = ['from', 'to', ...FLAGS, 'statusId', 'page'] as const;

interface FilterState {
  from: string | undefined;
  to: string | undefined;
  /** 'to' is before 'from': not sent, and said under the field. */
  toError: string | undefined;
  prescriptionPending: boolean;
  overdue: boolean;
  dueToday: boolean;
  late: boolean;
}

function readFilters(searchParams: URLSearchParams): FilterState {
  const day = (key: 'from' | 'to') => {
    const value = searchParams.get(key) ?? '';
    return isCalendarDay(value) ? value : undefined;
  };
  const from = day('from');
  let to = day('to');
  let toError: string | undefined;
  if (from && to && to < from) {
    toError = ORDER_FILTER_MESSAGES.toBeforeFrom;
    to = undefined;
  }
  return {
    from,
    to,
    toError,
    prescriptionPending: searchParams.get('prescriptionPending') === 'true',
    overdue: searchParams.get('overdue') === 'true',
    dueToday: searchParams.get('dueToday') === 'true',
    late: searchParams.get('late') === 'true',
  };
}

/**
 * Issue 18: the All Orders filters that live in the address (?from=…&to=…&overdue=true), so the
 * dashboard's queues link to them and a reload keeps them. Only values the server accepts are
 * sent; a mistyped address is ignored rather than answered with an error page.
 */
export function useOrderFilters(): Record<string, string> {
  const [searchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const sent: Record<string, string> = {};
  if (filters.from) sent.from = filters.from;
  if (filters.to) sent.to = filters.to;
  for (const flag of FLAGS) if (filters[flag]) sent[flag] = 'true';
  return sent;
}

/** The date range and the checkboxes beside the status filter of All Orders. */
export function OrderFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const active = FILTER_KEYS.some((key) => key !== 'page' && searchParams.has(key));

  const set = (key: string, value: string | undefined) => {
    const params = new URLSearchParams(searchParams);
    if (value) params.set(key, value);
    else params.delete(key);
    // A different set of orders starts again on its first page.
    params.delete('page');
    setSearchParams(params);
  };

  return (
    <>
      <FormField label="Placed from" className="w-[calc(50%-0.375rem)] sm:w-40">
        {(props) => (
          <Input
            {...props}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => set('from', event.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Placed to"
        error={filters.toError}
        className="w-[calc(50%-0.375rem)] sm:w-40"
      >
        {(props) => (
          <Input
            {...props}
            type="date"
            value={filters.toError ? (searchParams.get('to') ?? '') : (filters.to ?? '')}
            min={filters.from}
            onChange={(event) => set('to', event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pb-2">
        {FLAGS.map((flag) => (
          <label
            key={flag}
            className="inline-flex items-center gap-2 text-sm font-medium text-slate-800"
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={filters[flag]}
              onChange={(event) => set(flag, event.target.checked ? 'true' : undefined)}
            />
            {FLAG_LABELS[flag]}
          </label>
        ))}
      </div>
      {active ? (
        <Button
          variant="quiet"
          className="mb-0.5"
          icon={<X aria-hidden="true" className="size-4" />}
          onClick={() => setSearchParams(new URLSearchParams())}
        >
          Clear filters
        </Button>
      ) : null}
    </>
  );
}
