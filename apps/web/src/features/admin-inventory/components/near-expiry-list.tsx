import { CalendarCheck, CalendarClock, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { type NearExpiryItem } from '@pharmacy/shared';
import { Select } from '../../../components/ui/form-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useNearExpiry, type NearExpiryParams } from '../api/get-near-expiry';
import { useListParams } from '../hooks/use-list-params';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { daysLeftText, formatShortDate, unitsText } from '../utils/stock-format';
import { BatchStateBadge } from './batch-state-badge';
import { ListError, ListSkeleton } from './list-states';
import { SortableHeader, SortSelect } from './sortable-header';

const COLUMNS = [
  'expiryDate',
  'name',
  'units',
] as const satisfies readonly NearExpiryParams['sort'][];

/** The windows offered; the server's own (NEAR_EXPIRY_DAYS) joins them when it is another. */
const WINDOWS = [30, 60, 90, 180, 365] as const;

export function windowChoices(serverDays: number | undefined): number[] {
  const days = new Set<number>(WINDOWS);
  if (serverDays !== undefined) days.add(serverDays);
  return [...days].sort((a, b) => a - b);
}

const SORT_OPTIONS = [
  { column: 'expiryDate', label: 'Expiry date' },
  { column: 'units', label: 'Units' },
  { column: 'name', label: 'Product name' },
] as const;

function daysLeftClass(item: NearExpiryItem): string {
  if (item.daysToExpiry < 0) return 'font-semibold text-red-700';
  if (item.state === 'short_dated') return 'font-semibold text-amber-800';
  return 'text-slate-700';
}

/** Phones: one card per batch. */
function Cards({ items }: { items: NearExpiryItem[] }) {
  return (
    <ul aria-label="Batches near expiry" className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.batchId} className="rounded-xl border border-slate-200 bg-white p-3">
          <div className="flex items-start justify-between gap-2">
            <Link
              to={paths.dashboard.productEdit.getHref(item.productId, 'stock')}
              className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {item.productName}
            </Link>
            <BatchStateBadge state={item.state} />
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-slate-600">Batch</dt>
              <dd className="break-all text-slate-800">{item.batchNumber}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Expiry</dt>
              <dd className="text-slate-800">
                <time dateTime={item.expiryDate}>{formatShortDate(item.expiryDate)}</time>
                <span className={cn('block text-xs', daysLeftClass(item))}>
                  {daysLeftText(item.daysToExpiry)}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Units</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{item.onHand}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Row({ item }: { item: NearExpiryItem }) {
  return (
    <tr className="border-t border-slate-100 even:bg-slate-50/60 hover:bg-brand-50/50">
      <th scope="row" className="min-w-48 px-2.5 py-2 text-left font-medium text-slate-900">
        <Link
          to={paths.dashboard.productEdit.getHref(item.productId, 'stock')}
          className="hover:text-brand-700 hover:underline"
        >
          {item.productName}
        </Link>
      </th>
      <td className="px-2.5 py-2 whitespace-nowrap text-slate-800">{item.batchNumber}</td>
      <td className="px-2.5 py-2 whitespace-nowrap text-slate-800">
        <time dateTime={item.expiryDate}>{formatShortDate(item.expiryDate)}</time>
      </td>
      <td
        className={cn('px-2.5 py-2 text-right whitespace-nowrap tabular-nums', daysLeftClass(item))}
      >
        {daysLeftText(item.daysToExpiry)}
      </td>
      <td className="px-2.5 py-2 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
        {item.onHand}
      </td>
      <td className="px-2.5 py-2">
        <BatchStateBadge state={item.state} />
      </td>
      <td className="px-2.5 py-1.5 text-right">
        <Link
          to={paths.dashboard.productEdit.getHref(item.productId, 'stock')}
          aria-label={`Stock of ${item.productName}, batch ${item.batchNumber}`}
          className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          Stock
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </td>
    </tr>
  );
}

/**
 * Issue 15 near-expiry list: batches with units that expire within the chosen window (the
 * server's NEAR_EXPIRY_DAYS until one is chosen), expired ones included, sortable by expiry,
 * product and units, each linking to the product's Stock section to write off or adjust.
 */
export function NearExpiryList() {
  const selectId = useId();
  const narrow = useNarrowScreen();
  const { params, update } = useListParams(COLUMNS, { sort: 'expiryDate', direction: 'asc' });
  const { page, sort, direction, days } = params;
  const list = useNearExpiry({ page, sort, direction, days });
  const pagination = list.data?.pagination;
  const windowDays = days ?? list.data?.days;
  const onSort = (column: NearExpiryParams['sort'], next: 'asc' | 'desc') =>
    update({ sort: column, direction: next });

  let body;
  if (list.isPending) body = <ListSkeleton label="Loading batches near expiry" />;
  else if (list.isError)
    body = (
      <ListError
        title="The near-expiry list could not be loaded."
        icon={<CalendarClock className="size-8" />}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState
        icon={<CalendarCheck className="size-8" />}
        title={`No batch with units expires within ${list.data.days} days.`}
      >
        Choose a longer window to look further ahead.
      </EmptyState>
    );
  else if (narrow)
    body = (
      <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <SortSelect columns={SORT_OPTIONS} sort={sort} direction={direction} onSort={onSort} />
        <Cards items={list.data.items} />
      </div>
    );
  else
    body = (
      <div
        className={cn(
          'max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white transition-opacity',
          list.isPlaceholderData && 'opacity-60',
        )}
        role="region"
        aria-label="Near expiry table"
        tabIndex={0}
      >
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">
            Batches expiring within {list.data.days} days, expired ones included
          </caption>
          <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
            <tr>
              <SortableHeader
                label="Product"
                column="name"
                sort={sort}
                direction={direction}
                onSort={onSort}
              />
              <th scope="col" className="px-2.5 py-2">
                Batch
              </th>
              <SortableHeader
                label="Expiry"
                column="expiryDate"
                sort={sort}
                direction={direction}
                onSort={onSort}
              />
              <th scope="col" className="px-2.5 py-2 text-right">
                Days left
              </th>
              <SortableHeader
                label="Units"
                column="units"
                sort={sort}
                direction={direction}
                onSort={onSort}
                align="right"
              />
              <th scope="col" className="px-2.5 py-2">
                State
              </th>
              <th scope="col" className="px-2.5 py-2 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((item) => (
              <Row key={item.batchId} item={item} />
            ))}
          </tbody>
        </table>
      </div>
    );

  const total = pagination?.rowCount ?? 0;
  const units = list.data?.items.reduce((sum, item) => sum + item.onHand, 0) ?? 0;

  return (
    <>
      <PageHeader
        title="Near Expiry"
        description={
          list.data && total > 0
            ? `${total} ${total === 1 ? 'batch expires' : 'batches expire'} within ${list.data.days} days or already expired${pagination && pagination.pageCount <= 1 ? ` (${unitsText(units)})` : ''}.`
            : 'Batches with units that expire soon, expired ones included.'
        }
        actions={
          <div className="flex items-center gap-2">
            <label
              htmlFor={selectId}
              className="text-sm font-medium whitespace-nowrap text-slate-800"
            >
              Expiring within
            </label>
            <Select
              id={selectId}
              className="w-36"
              value={windowDays === undefined ? '' : String(windowDays)}
              disabled={windowDays === undefined}
              onChange={(event) => update({ days: Number(event.target.value) })}
            >
              {windowDays === undefined ? <option value="">Loading…</option> : null}
              {windowChoices(windowDays).map((value) => (
                <option key={value} value={value}>
                  {value} days
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {body}
      {pagination ? (
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(next) => update({ page: next })}
          label="Near expiry pages"
        />
      ) : null}
    </>
  );
}
