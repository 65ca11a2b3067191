import { Pencil, Plus, RefreshCw, Search, ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  DRUG_INTERACTION_LIMITS,
  INTERACTION_SEVERITIES,
  INTERACTION_SEVERITY_LABELS,
  LIMITS,
  type DrugInteraction,
  type InteractionSeverity,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Select } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useDeleteInteraction } from '../api/delete-interaction';
import { useInteractions } from '../api/get-interactions';
import type { InteractionListParams } from '../api/interaction-keys';
import { InteractionForm } from './interaction-form';
import { InteractionsCsvExport } from './interactions-csv-export';
import { InteractionsCsvImport } from './interactions-csv-import';
import { SeverityBadge } from './severity-badge';

/** The list's state lives in the address, so a filtered page can be shared and survives reload. */
export function readInteractionParams(search: URLSearchParams): InteractionListParams {
  const page = Number(search.get('page'));
  const severity = search.get('severity') ?? '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: (search.get('search') ?? '').trim().slice(0, DRUG_INTERACTION_LIMITS.search),
    severity: (INTERACTION_SEVERITIES as readonly string[]).includes(severity)
      ? (severity as InteractionSeverity)
      : '',
  };
}

const pairName = (row: DrugInteraction) => `${row.ingredientA} + ${row.ingredientB}`;
const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

function InteractionsSkeleton() {
  return (
    <LoadingRegion label="Loading interactions" className="flex flex-col gap-2">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </LoadingRegion>
  );
}

/** A value with its column's name above it on narrow screens, where rows become cards. */
function Cell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td role="cell" className={cn('block lg:table-cell lg:px-4 lg:py-3', className)}>
      <span aria-hidden="true" className="block text-xs font-medium text-slate-500 lg:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

function InteractionRow({
  row,
  onEdit,
  onDelete,
}: {
  row: DrugInteraction;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <tr
      role="row"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:border-slate-100 lg:p-0 lg:align-top lg:hover:bg-slate-50"
    >
      <th
        role="rowheader"
        scope="row"
        className="block text-left font-semibold text-slate-900 sm:col-span-2 lg:table-cell lg:px-4 lg:py-3"
      >
        {pairName(row)}
      </th>
      <Cell label="Severity">
        <SeverityBadge severity={row.severity} />
      </Cell>
      <Cell label="What happens" className="text-slate-800 sm:col-span-2 lg:max-w-sm">
        {row.effect}
      </Cell>
      <Cell label="What to do" className="text-slate-800 sm:col-span-2 lg:max-w-sm">
        {row.advice}
      </Cell>
      <Cell label="Source" className="text-slate-700">
        {row.source ?? <span className="text-slate-500">None given</span>}
        <span className="block text-xs text-slate-500">
          Updated {dateFormat.format(new Date(row.updatedAt))}
        </span>
      </Cell>
      <td role="cell" className="block sm:col-span-2 lg:table-cell lg:px-4 lg:py-2">
        <div className="flex justify-end gap-1 border-t border-slate-100 pt-2 lg:border-0 lg:pt-0">
          <Button
            variant="quiet"
            size="sm"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            aria-label={`Edit ${pairName(row)}`}
            title="Edit"
            onClick={onEdit}
          >
            <span className="lg:sr-only">Edit</span>
          </Button>
          <Button
            variant="quiet"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            aria-label={`Delete ${pairName(row)}`}
            title="Delete"
            onClick={onDelete}
          >
            <span className="lg:sr-only">Delete</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * Issue 31 point 4: the drug interaction table the cart, the order and the pharmacist's review
 * check against: looked up by ingredient and severity, edited one pair at a time or by CSV.
 */
export function InteractionsPage() {
  const searchId = useId();
  const severityId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readInteractionParams(searchParams);
  const interactions = useInteractions(params);
  const [editing, setEditing] = useState<DrugInteraction | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DrugInteraction | null>(null);
  const remove = useDeleteInteraction();
  const [searchText, setSearchText] = useState(params.search);
  // Back and forward change the address; the box follows it.
  useEffect(() => setSearchText(params.search), [params.search]);

  const go = (next: Partial<InteractionListParams>, replace = false) =>
    setSearchParams(
      () => {
        const merged = { ...params, ...next };
        const query = new URLSearchParams();
        if (merged.search) query.set('search', merged.search);
        if (merged.severity) query.set('severity', merged.severity);
        if (merged.page > 1) query.set('page', String(merged.page));
        return query;
      },
      { replace },
    );
  const debounced = useDebouncedCallback(
    (text: string) => go({ search: text.trim(), page: 1 }, true),
    LIMITS.headerSearchDebounceMs,
  );
  const filtered = params.search !== '' || params.severity !== '';

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  const addButton = (
    <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing('new')}>
      Add interaction
    </Button>
  );

  let body;
  if (interactions.isPending) {
    body = <InteractionsSkeleton />;
  } else if (interactions.isError) {
    body = (
      <EmptyState
        icon={<ShieldAlert className="size-8" />}
        title="The interaction table could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void interactions.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(interactions.error)}</span>
      </EmptyState>
    );
  } else if (interactions.data.interactions.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<ShieldAlert className="size-8" />}
        title="No interaction matches these filters."
        action={
          <Button variant="secondary" onClick={() => go({ search: '', severity: '', page: 1 })}>
            Clear filters
          </Button>
        }
      >
        Search by either ingredient’s generic name, such as clopidogrel.
      </EmptyState>
    ) : (
      <EmptyState
        icon={<ShieldAlert className="size-8" />}
        title="No interactions in the table yet."
        action={addButton}
      >
        Nothing is checked in carts and orders until the table holds pairs. Add one, or import a
        CSV.
      </EmptyState>
    );
  } else {
    const { pagination } = interactions.data;
    body = (
      <>
        <div
          className={cn(
            'lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white',
            interactions.isPlaceholderData && 'opacity-60',
          )}
        >
          <table role="table" className="block w-full text-left text-sm lg:table">
            <caption className="sr-only">Drug interactions by ingredient pair</caption>
            <thead
              role="rowgroup"
              className="sr-only bg-slate-50 text-xs tracking-wide text-slate-600 uppercase lg:not-sr-only lg:sticky lg:top-0 lg:table-header-group"
            >
              <tr role="row" className="whitespace-nowrap">
                {['Ingredients', 'Severity', 'What happens', 'What to do', 'Source'].map((name) => (
                  <th key={name} role="columnheader" scope="col" className="px-4 py-3">
                    {name}
                  </th>
                ))}
                <th role="columnheader" scope="col" className="px-4 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="flex flex-col gap-3 lg:table-row-group">
              {interactions.data.interactions.map((row) => (
                <InteractionRow
                  key={row.id}
                  row={row}
                  onEdit={() => setEditing(row)}
                  onDelete={() => setDeleting(row)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(page) => go({ page })}
          label="Interaction pages"
        />
      </>
    );
  }

  const rowCount = interactions.data?.pagination.rowCount;

  return (
    <>
      <PageHeader
        title="Drug interactions"
        description="Pairs of active ingredients checked between the lines of a cart or order, the patient’s orders of the last 90 days and their allergies. One pair covers every brand and strength."
        actions={
          <div className="flex flex-wrap gap-2">
            <InteractionsCsvExport />
            <InteractionsCsvImport />
            {addButton}
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-3">
        <form
          role="search"
          aria-label="Drug interactions"
          className="flex w-full max-w-sm flex-col gap-1"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            debounced.cancel();
            go({ search: searchText.trim(), page: 1 }, true);
          }}
        >
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Search by ingredient
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id={searchId}
              type="search"
              autoComplete="off"
              maxLength={DRUG_INTERACTION_LIMITS.search}
              placeholder="Clopidogrel"
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                debounced.run(event.currentTarget.value);
              }}
              className="pl-9"
            />
          </div>
        </form>
        <div className="flex w-full flex-col gap-1 sm:w-48">
          <label htmlFor={severityId} className="text-sm font-medium text-slate-800">
            Severity
          </label>
          <Select
            id={severityId}
            value={params.severity}
            onChange={(event) =>
              go({ severity: event.currentTarget.value as InteractionSeverity | '', page: 1 })
            }
          >
            <option value="">Every severity</option>
            {INTERACTION_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {INTERACTION_SEVERITY_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        {rowCount !== undefined && !interactions.isError ? (
          <p className="text-sm text-slate-600 sm:ml-auto" aria-live="polite">
            {rowCount.toLocaleString('en-IN')} {rowCount === 1 ? 'pair' : 'pairs'}
          </p>
        ) : null}
      </div>
      {body}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null ? 'Add interaction' : `Edit ${pairName(editing)}`
        }
        size="lg"
      >
        {editing !== null ? (
          <InteractionForm
            interaction={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete interaction?"
        message={
          <>
            Delete <strong>{deleting ? pairName(deleting) : ''}</strong>? Carts, orders and the
            pharmacist’s review no longer warn about this pair.
          </>
        }
        confirmLabel="Delete"
        pendingText="Deleting..."
        error={remove.isError ? getErrorMessage(remove.error) : null}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          remove.mutate(deleting.id, {
            onSuccess: (result) => {
              notify.success(result.message);
              closeDelete();
            },
          });
        }}
        onClose={closeDelete}
      />
    </>
  );
}
