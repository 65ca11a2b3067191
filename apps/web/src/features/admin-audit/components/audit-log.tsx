import { FileClock, RefreshCw, X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditEntry } from '@pharmacy/shared';
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
import { useShopSettings } from '../../../lib/shop-settings';
import { useAuditLog, type AuditLogParams } from '../api/get-audit-log';
import {
  actionLabel,
  actorText,
  detailLines,
  entityLabel,
  formatAuditTime,
} from '../utils/audit-format';
import { ChainStatus } from './chain-status';

type Action = (typeof AUDIT_ACTIONS)[number];

/** The list's page and filters live in the URL: a reload or a shared link shows the same list. */
function useAuditParams() {
  const [search, setSearch] = useSearchParams();
  const pageText = search.get('page');
  const page =
    pageText && /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1
      ? Math.min(Number(pageText), 100_000)
      : 1;
  const actionText = search.get('action');
  const action = AUDIT_ACTIONS.find((known) => known === actionText);
  const entityType = search.get('entityType')?.match(/^[a-z0-9_]{1,40}$/)?.[0];
  const entityIdText = search.get('entityId')?.trim();
  const entityId = entityType && entityIdText ? entityIdText.slice(0, 80) : undefined;
  const params: AuditLogParams = {
    page,
    action,
    entityType: entityId ? entityType : undefined,
    entityId,
  };
  const update = useCallback(
    (next: Partial<Record<'page' | 'action' | 'entityType' | 'entityId', string | undefined>>) => {
      setSearch((current) => {
        const query = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === undefined || value === '') query.delete(key);
          else query.set(key, value);
        }
        // A new filter starts again at the first page.
        if (next.page === undefined || next.page === '1') query.delete('page');
        return query;
      });
    },
    [setSearch],
  );
  return { params, update };
}

/** Products and orders have their own admin pages; other entities are named only. */
function entityHref(entry: AuditEntry): string | undefined {
  if (!/^\d+$/.test(entry.entityId)) return undefined;
  if (entry.entityType === 'product') return paths.dashboard.productEdit.getHref(entry.entityId);
  if (entry.entityType === 'order') return paths.order.getHref(entry.entityId);
  return undefined;
}

function Entity({
  entry,
  onOnlyThis,
}: {
  entry: AuditEntry;
  onOnlyThis: (entry: AuditEntry) => void;
}) {
  const label = entityLabel(entry.entityType, entry.entityId);
  const href = entityHref(entry);
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      {href ? (
        <Link to={href} className="font-medium text-brand-700 hover:underline">
          {label}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{label}</span>
      )}
      <button
        type="button"
        aria-label={`History of ${label}`}
        onClick={() => onOnlyThis(entry)}
        className="inline-flex min-h-6 items-center rounded px-1 text-xs font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        History
      </button>
    </span>
  );
}

function Details({ entry, currencySymbol }: { entry: AuditEntry; currencySymbol: string }) {
  const lines = detailLines(entry.details, currencySymbol);
  if (lines.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {lines.map((line) => (
        <li key={line.label} className="break-words">
          <span className="text-slate-600">{line.label}:</span>{' '}
          <span className="text-slate-900">{line.text}</span>
        </li>
      ))}
    </ul>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block text-slate-900">{actorText(entry)}</span>
      {entry.actorEmail ? (
        <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">
          {entry.actorEmail}
        </span>
      ) : null}
    </>
  );
}

interface ListProps {
  entries: AuditEntry[];
  currencySymbol: string;
  onOnlyThis: (entry: AuditEntry) => void;
}

/** Phones: one card per entry. */
function Cards({ entries, currencySymbol, onOnlyThis }: ListProps) {
  return (
    <ol aria-label="Audit log entries" className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
          <div className="flex items-start justify-between gap-2">
            <span className="font-semibold text-slate-900">{actionLabel(entry.action)}</span>
            <span className="text-xs text-slate-600 tabular-nums">#{entry.id}</span>
          </div>
          <time dateTime={entry.occurredAt} className="block text-xs text-slate-600">
            {formatAuditTime(entry.occurredAt)}
          </time>
          <dl className="mt-2 grid grid-cols-1 gap-2">
            <div>
              <dt className="text-xs text-slate-600">Entity</dt>
              <dd>
                <Entity entry={entry} onOnlyThis={onOnlyThis} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">By</dt>
              <dd>
                <Actor entry={entry} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Details</dt>
              <dd>
                <Details entry={entry} currencySymbol={currencySymbol} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

function Table({ entries, currencySymbol, onOnlyThis }: ListProps) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Audit log table"
      tabIndex={0}
    >
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2.5 py-2 text-right">
              #
            </th>
            <th scope="col" className="px-2.5 py-2">
              Time
            </th>
            <th scope="col" className="px-2.5 py-2">
              Action
            </th>
            <th scope="col" className="px-2.5 py-2">
              Entity
            </th>
            <th scope="col" className="px-2.5 py-2">
              By
            </th>
            <th scope="col" className="px-2.5 py-2">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className="border-t border-slate-100 align-top even:bg-slate-50/60 hover:bg-brand-50/50"
            >
              <td className="px-2.5 py-2 text-right text-slate-600 tabular-nums">{entry.id}</td>
              <td className="px-2.5 py-2 whitespace-nowrap text-slate-800">
                <time dateTime={entry.occurredAt}>{formatAuditTime(entry.occurredAt)}</time>
              </td>
              <th scope="row" className="px-2.5 py-2 text-left font-semibold text-slate-900">
                {actionLabel(entry.action)}
              </th>
              <td className="px-2.5 py-2 whitespace-nowrap">
                <Entity entry={entry} onOnlyThis={onOnlyThis} />
              </td>
              <td className="min-w-40 px-2.5 py-2">
                <Actor entry={entry} />
              </td>
              <td className="min-w-64 px-2.5 py-2">
                <Details entry={entry} currencySymbol={currencySymbol} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Issue 16 point 7: the audit trail for administrators. The chain's state on top (verified with
 * its head hash, or the first entry that no longer matches), then the entries newest first,
 * filtered by action or by one entity.
 */
export function AuditLog() {
  const selectId = useId();
  const narrow = useMediaQuery('(max-width: 47.98rem)');
  const { currencySymbol } = useShopSettings();
  const { params, update } = useAuditParams();
  const log = useAuditLog(params);
  const pagination = log.data?.pagination;
  const onOnlyThis = (entry: AuditEntry) =>
    update({ entityType: entry.entityType, entityId: entry.entityId, action: undefined });
  const filtered = params.action !== undefined || params.entityId !== undefined;

  let body;
  if (log.isPending) {
    body = (
      <LoadingRegion label="Loading the audit log" className="flex flex-col gap-2">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-11 w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (log.isError) {
    body = (
      <EmptyState
        icon={<FileClock className="size-8" />}
        title="The audit log could not be loaded."
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
        icon={<FileClock className="size-8" />}
        title={filtered ? 'No entries match this filter.' : 'Nothing has been recorded yet.'}
      >
        {filtered
          ? 'Show all entries to see the whole log.'
          : 'Price changes, stock movements, role changes, order status changes and prescription decisions appear here as they happen.'}
      </EmptyState>
    );
  } else {
    const List = narrow ? Cards : Table;
    body = (
      <div className={cn('transition-opacity', log.isPlaceholderData && 'opacity-60')}>
        <List entries={log.data.entries} currencySymbol={currencySymbol} onOnlyThis={onOnlyThis} />
      </div>
    );
  }

  const total = pagination?.rowCount ?? 0;
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Changes to prices, stock, roles, orders and prescriptions, in a tamper-evident chain."
      />
      <ChainStatus />
      <section aria-labelledby="audit-entries-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="audit-entries-heading" className="text-lg font-semibold text-slate-900">
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
              Action
            </label>
            <Select
              id={selectId}
              className="w-52"
              value={params.action ?? ''}
              onChange={(event) =>
                update({ action: event.target.value || undefined, page: undefined })
              }
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((action: Action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {params.entityType && params.entityId ? (
          <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            Showing the history of{' '}
            <strong>{entityLabel(params.entityType, params.entityId)}</strong>
            <Button
              variant="quiet"
              size="sm"
              icon={<X aria-hidden="true" className="size-4" />}
              onClick={() => update({ entityType: undefined, entityId: undefined })}
            >
              Show all entities
            </Button>
          </p>
        ) : null}
        {body}
        {pagination ? (
          <Pagination
            page={pagination.page}
            pageCount={pagination.pageCount}
            onPageChange={(next) => update({ page: String(next) })}
            label="Audit log pages"
          />
        ) : null}
      </section>
    </>
  );
}
