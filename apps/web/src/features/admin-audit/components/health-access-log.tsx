import { RefreshCw, ShieldCheck, X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HEALTH_ACCESS_KIND_LABELS, roleLabel, type HealthAccessEntry } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import {
  useHealthAccess,
  useStaffForFilter,
  type HealthAccessParams,
} from '../api/get-health-access';
import { formatAuditTime } from '../utils/audit-format';

const idFrom = (text: string | null) =>
  text && /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;

/** The page and both filters live in the URL: a reload or a shared link shows the same list. */
function useHealthAccessParams() {
  const [search, setSearch] = useSearchParams();
  const params: HealthAccessParams = {
    page: Math.min(idFrom(search.get('page')) ?? 1, 100_000),
    actorUserId: idFrom(search.get('actorUserId')),
    customerId: idFrom(search.get('customerId')),
  };
  const update = useCallback(
    (next: Partial<Record<'page' | 'actorUserId' | 'customerId', string | undefined>>) => {
      setSearch((current) => {
        const query = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === '') query.delete(key);
          else query.set(key, value);
        }
        if (next.page === undefined || next.page === '1') query.delete('page');
        return query;
      });
    },
    [setSearch],
  );
  return { params, update };
}

const personName = (person: { id: number; name: string | null }) =>
  person.name ?? `Account #${person.id} (deleted)`;

function openedText(entry: HealthAccessEntry): string {
  const { opened, orderId, fileId, patientId } = entry.details;
  const parts = [
    orderId !== null ? `order #${orderId}` : null,
    fileId !== null ? `file #${fileId}` : null,
    patientId !== null ? `patient #${patientId}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0
    ? `${HEALTH_ACCESS_KIND_LABELS[opened]} (${parts.join(', ')})`
    : HEALTH_ACCESS_KIND_LABELS[opened];
}

interface RowProps {
  entry: HealthAccessEntry;
  onActor: (id: number) => void;
  onCustomer: (id: number) => void;
}

function FilterButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex min-h-6 items-center rounded px-1 text-xs font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      Only this
    </button>
  );
}

function Actor({ entry, onActor }: Pick<RowProps, 'entry' | 'onActor'>) {
  const { actor } = entry;
  if (!actor) return <span className="text-slate-600">System</span>;
  return (
    <span className="flex flex-col">
      <span className="flex flex-wrap items-center gap-x-2 text-slate-900">
        {personName(actor)}
        <FilterButton
          label={`Only what ${personName(actor)} opened`}
          onClick={() => onActor(actor.id)}
        />
      </span>
      <span className="text-xs [overflow-wrap:anywhere] text-slate-600">
        {actor.roleId !== null ? roleLabel(actor.roleId) : ''}
        {actor.email ? ` · ${actor.email}` : ''}
      </span>
    </span>
  );
}

function Customer({ entry, onCustomer }: Pick<RowProps, 'entry' | 'onCustomer'>) {
  const { customer } = entry;
  return (
    <span className="flex flex-col">
      <span className="flex flex-wrap items-center gap-x-2 text-slate-900">
        {personName(customer)}
        <FilterButton
          label={`Only the records of ${personName(customer)}`}
          onClick={() => onCustomer(customer.id)}
        />
      </span>
      {customer.email ? (
        <span className="text-xs [overflow-wrap:anywhere] text-slate-600">{customer.email}</span>
      ) : null}
    </span>
  );
}

function Opened({ entry }: { entry: HealthAccessEntry }) {
  const { orderId } = entry.details;
  return (
    <span className="flex flex-col">
      {orderId !== null ? (
        <Link
          to={paths.order.getHref(String(orderId))}
          className="font-medium text-brand-700 hover:underline"
        >
          {openedText(entry)}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{openedText(entry)}</span>
      )}
      <span className="text-xs text-slate-600">{entry.details.route}</span>
    </span>
  );
}

function Cards({
  entries,
  onActor,
  onCustomer,
}: Omit<RowProps, 'entry'> & { entries: HealthAccessEntry[] }) {
  return (
    <ol aria-label="Health-data access entries" className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
          <time dateTime={entry.occurredAt} className="block text-xs text-slate-600">
            {formatAuditTime(entry.occurredAt)}
          </time>
          <dl className="mt-2 grid grid-cols-1 gap-2">
            <div>
              <dt className="text-xs text-slate-600">Opened by</dt>
              <dd>
                <Actor entry={entry} onActor={onActor} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Customer</dt>
              <dd>
                <Customer entry={entry} onCustomer={onCustomer} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">What</dt>
              <dd>
                <Opened entry={entry} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

function Table({
  entries,
  onActor,
  onCustomer,
}: Omit<RowProps, 'entry'> & { entries: HealthAccessEntry[] }) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Health-data access table"
      tabIndex={0}
    >
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Health-data access entries, newest first</caption>
        <thead className="bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2.5 py-2">
              Time
            </th>
            <th scope="col" className="px-2.5 py-2">
              Opened by
            </th>
            <th scope="col" className="px-2.5 py-2">
              Customer
            </th>
            <th scope="col" className="px-2.5 py-2">
              What
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className="border-t border-slate-100 align-top even:bg-slate-50/60 hover:bg-brand-50/50"
            >
              <td className="px-2.5 py-2 whitespace-nowrap text-slate-800">
                <time dateTime={entry.occurredAt}>{formatAuditTime(entry.occurredAt)}</time>
              </td>
              <td className="min-w-44 px-2.5 py-2">
                <Actor entry={entry} onActor={onActor} />
              </td>
              <td className="min-w-44 px-2.5 py-2">
                <Customer entry={entry} onCustomer={onCustomer} />
              </td>
              <td className="min-w-56 px-2.5 py-2">
                <Opened entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Issue 32 point 4: the owner's view of who opened customers' health data (prescription files,
 * an order's prescriptions or saved prescriptions, a patient record), by person and by customer.
 */
export function HealthAccessLog() {
  const selectId = useId();
  const narrow = useMediaQuery('(max-width: 47.98rem)');
  const { params, update } = useHealthAccessParams();
  const log = useHealthAccess(params);
  const staff = useStaffForFilter();
  const pagination = log.data?.pagination;
  const filtered = params.actorUserId !== undefined || params.customerId !== undefined;
  const onActor = (id: number) => update({ actorUserId: String(id), page: undefined });
  const onCustomer = (id: number) => update({ customerId: String(id), page: undefined });
  // The customer's name, from the entries themselves (they are all theirs when filtered).
  const customer = log.data?.entries.find(
    (entry) => entry.customer.id === params.customerId,
  )?.customer;

  let body;
  if (log.isPending) {
    body = (
      <LoadingRegion label="Loading the health-data access log" className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (log.isError) {
    body = (
      <EmptyState
        icon={<ShieldCheck className="size-8" />}
        title="The health-data access log could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void log.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(log.error)}</span>
      </EmptyState>
    );
  } else if (log.data.entries.length === 0) {
    body = (
      <EmptyState
        icon={<ShieldCheck className="size-8" />}
        title={filtered ? 'No entries match this filter.' : 'No one has opened health data yet.'}
      >
        {filtered
          ? 'Clear the filters to see the whole log.'
          : 'Each time a member of staff opens a prescription file, an order’s prescriptions or a patient record, it appears here.'}
      </EmptyState>
    );
  } else {
    const List = narrow ? Cards : Table;
    body = (
      <div className={cn('transition-opacity', log.isPlaceholderData && 'opacity-60')}>
        <List entries={log.data.entries} onActor={onActor} onCustomer={onCustomer} />
      </div>
    );
  }

  const total = pagination?.rowCount ?? 0;
  return (
    <>
      <PageHeader
        title="Health-data access"
        description="Who opened a customer’s prescription files, prescriptions or patient record, and when. Customers opening their own are not listed."
        actions={
          <Link
            to={paths.dashboard.audit.getHref()}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            Back to the audit log
          </Link>
        }
      />
      <section aria-labelledby="health-access-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="health-access-heading" className="text-lg font-semibold text-slate-900">
              Entries
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {log.data
                ? `${total.toLocaleString('en-IN')} ${total === 1 ? 'entry' : 'entries'}${filtered ? ' match' : ''}, newest first.`
                : ' '}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              Opened by
            </label>
            <Select
              id={selectId}
              className="w-56"
              value={params.actorUserId === undefined ? '' : String(params.actorUserId)}
              onChange={(event) =>
                update({ actorUserId: event.target.value || undefined, page: undefined })
              }
            >
              <option value="">Anyone</option>
              {params.actorUserId !== undefined &&
              !staff.data?.staff.some((member) => member.id === params.actorUserId) ? (
                <option value={String(params.actorUserId)}>Account #{params.actorUserId}</option>
              ) : null}
              {(staff.data?.staff ?? []).map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {member.name} ({roleLabel(member.roleId)})
                </option>
              ))}
            </Select>
          </div>
        </div>
        {params.customerId !== undefined ? (
          <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            Showing the records of{' '}
            <strong>{customer ? personName(customer) : `customer #${params.customerId}`}</strong>
            <Button
              variant="quiet"
              size="sm"
              icon={<X aria-hidden="true" className="size-4" />}
              onClick={() => update({ customerId: undefined, page: undefined })}
            >
              All customers
            </Button>
          </p>
        ) : (
          <p className="mb-3 text-sm text-slate-600">
            To see one customer’s records, choose “Only this” beside their name.
          </p>
        )}
        {body}
        {pagination ? (
          <Pagination
            page={pagination.page}
            pageCount={pagination.pageCount}
            onPageChange={(next) => update({ page: String(next) })}
            label="Health-data access pages"
          />
        ) : null}
      </section>
    </>
  );
}
