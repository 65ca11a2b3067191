import { zodResolver } from '@hookform/resolvers/zod';
import { Check, MapPinOff, Pencil, Plus, RefreshCw, Search, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { deliveryAreaListQuerySchema, LIMITS, type DeliveryArea } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { AreasCsvImport } from './areas-csv-import';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError, Input } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useDeleteDeliveryArea } from '../api/delete-delivery-area';
import { useDeliveryAreas } from '../api/get-delivery-areas';
import { areaForPincode, deliveryDaysText, pincodeRangeText } from '../lib/area-text';
import { DeliveryAreaForm } from './delivery-area-form';

/** The search box reads the list query's own rule; empty means every area. */
const searchFormSchema = z.object({
  pincode: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(deliveryAreaListQuerySchema.shape.pincode),
});

function readListParams(search: URLSearchParams) {
  const page = Number(search.get('page'));
  const pincode = search.get('pincode')?.trim() ?? '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pincode: /^\d{1,6}$/.test(pincode) ? pincode : '',
  };
}

const areaName = (area: DeliveryArea) => `${area.zone} (${pincodeRangeText(area)})`;

/** What an area promises, in one sentence: the line above the list when a pincode is looked up. */
function serviceText(area: DeliveryArea): string {
  if (!area.serviceable) return 'not served';
  const parts = [deliveryDaysText(area.deliveryDays).toLowerCase()];
  parts.push(area.cashOnDelivery ? 'cash on delivery' : 'no cash on delivery');
  if (area.sameDay && area.sameDayCutoff) parts.push(`same day before ${area.sameDayCutoff}`);
  return parts.join(', ');
}

type Editing = { area: DeliveryArea } | { pincode: string } | null;

function AreasSkeleton() {
  return (
    <LoadingRegion label="Loading delivery areas" className="flex flex-col gap-2">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
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
    <td role="cell" className={cn('block px-0 py-0 xl:table-cell xl:px-4 xl:py-3', className)}>
      <span aria-hidden="true" className="block text-xs font-medium text-slate-500 xl:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

function YesNo({ yes, yesText = 'Yes' }: { yes: boolean; yesText?: string }) {
  return yes ? (
    <span className="inline-flex items-center gap-1 text-green-800">
      <Check aria-hidden="true" className="size-4" />
      {yesText}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-slate-600">
      <X aria-hidden="true" className="size-4" />
      No
    </span>
  );
}

function AreaRow({
  area,
  applies,
  onEdit,
  onRemove,
}: {
  area: DeliveryArea;
  applies: string | null;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const notApplicable = (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Does not apply</span>
    </span>
  );
  return (
    <tr
      role="row"
      className={cn(
        'grid grid-cols-2 gap-x-4 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4',
        'xl:table-row xl:rounded-none xl:border-0 xl:border-t xl:border-slate-100 xl:p-0 xl:align-top xl:hover:bg-slate-50',
        applies && 'border-brand-700 xl:bg-brand-50/60',
      )}
    >
      <th
        role="rowheader"
        scope="row"
        className="col-span-2 block text-left font-mono text-base font-semibold whitespace-nowrap text-slate-900 sm:col-span-3 xl:table-cell xl:px-4 xl:py-3 xl:text-sm"
      >
        {pincodeRangeText(area)}
        {applies ? (
          <span className="mt-1 block w-fit rounded-full bg-brand-700 px-2 py-0.5 font-sans text-xs font-semibold whitespace-nowrap text-white">
            Applies to {applies}
          </span>
        ) : null}
      </th>
      <Cell label="Zone" className="text-slate-900">
        {area.zone}
      </Cell>
      <Cell label="Delivery" className="xl:whitespace-nowrap">
        {area.serviceable ? (
          deliveryDaysText(area.deliveryDays)
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
            <MapPinOff aria-hidden="true" className="size-3.5" />
            Not served
          </span>
        )}
      </Cell>
      <Cell label="Cash on delivery" className="xl:whitespace-nowrap">
        {area.serviceable ? <YesNo yes={area.cashOnDelivery} /> : notApplicable}
      </Cell>
      <Cell label="Same day" className="xl:whitespace-nowrap">
        {!area.serviceable ? (
          notApplicable
        ) : (
          <YesNo
            yes={area.sameDay}
            yesText={area.sameDayCutoff ? `Before ${area.sameDayCutoff}` : 'Yes'}
          />
        )}
      </Cell>
      <td
        role="cell"
        className="col-span-2 block sm:col-span-1 sm:col-start-4 sm:row-start-1 xl:table-cell xl:px-4 xl:py-2"
      >
        <div className="flex justify-end gap-1 border-t border-slate-100 pt-2 sm:-my-1 sm:border-0 sm:pt-0">
          <Button
            variant="quiet"
            size="sm"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            aria-label={`Edit ${areaName(area)}`}
            title="Edit"
            onClick={onEdit}
          >
            <span className="xl:sr-only">Edit</span>
          </Button>
          <Button
            variant="quiet"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            aria-label={`Remove ${areaName(area)}`}
            title="Remove"
            onClick={onRemove}
          >
            <span className="xl:sr-only">Remove</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * Issue 29: where the shop delivers. The admin looks up a pincode, reads the areas (one pincode
 * or a range, its zone, days, cash on delivery, same day), and adds, changes or removes them.
 */
export function DeliveryAreasPage() {
  const searchId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const areas = useDeliveryAreas(params);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<DeliveryArea | null>(null);
  const remove = useDeleteDeliveryArea();

  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<z.input<typeof searchFormSchema>, unknown, z.output<typeof searchFormSchema>>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: { pincode: params.pincode },
  });
  // Back and forward change the URL; the box follows it.
  useEffect(() => setValue('pincode', params.pincode), [params.pincode, setValue]);

  const go = (next: { page?: number; pincode?: string }, replace = false) =>
    setSearchParams(
      () => {
        const query = new URLSearchParams();
        const pincode = next.pincode ?? params.pincode;
        const page = next.page ?? params.page;
        if (pincode) query.set('pincode', pincode);
        if (page > 1) query.set('page', String(page));
        return query;
      },
      { replace },
    );

  const search = handleSubmit(({ pincode }) => go({ pincode: pincode ?? '', page: 1 }, true));
  const debounced = useDebouncedCallback(() => void search(), LIMITS.headerSearchDebounceMs);

  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  const addButton = (variant: 'primary' | 'secondary' = 'primary') => (
    <Button
      variant={variant}
      icon={<Plus aria-hidden="true" className="size-4" />}
      onClick={() => setEditing({ pincode: params.pincode.length === 6 ? params.pincode : '' })}
    >
      Add area
    </Button>
  );

  let body;
  if (areas.isPending) {
    body = <AreasSkeleton />;
  } else if (areas.isError) {
    body = (
      <EmptyState
        icon={<MapPinOff className="size-8" />}
        title="The delivery areas could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void areas.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(areas.error)}</span>
      </EmptyState>
    );
  } else if (areas.data.areas.length === 0) {
    body = params.pincode ? (
      <EmptyState
        icon={<MapPinOff className="size-8" />}
        title={
          params.pincode.length === 6
            ? `No area holds ${params.pincode}.`
            : `No area starts with ${params.pincode}.`
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {addButton()}
            <Button variant="quiet" onClick={() => go({ pincode: '', page: 1 })}>
              Clear search
            </Button>
          </div>
        }
      >
        {params.pincode.length === 6
          ? 'The shop does not deliver there until an area holds it.'
          : 'Search by a full pincode to see the wider ranges that hold it.'}
      </EmptyState>
    ) : (
      <EmptyState
        icon={<MapPinOff className="size-8" />}
        title="No delivery areas yet."
        action={addButton()}
      >
        No pincode is served until an area holds it.
      </EmptyState>
    );
  } else {
    const { pagination } = areas.data;
    // A full pincode lists every area that holds it; when they fit on one page, say which wins.
    const applying =
      params.pincode.length === 6 && pagination.pageCount <= 1
        ? areaForPincode(areas.data.areas, params.pincode)
        : null;
    body = (
      <>
        {applying ? (
          <p className="mb-4 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800">
            <strong className="font-semibold">{params.pincode}</strong> takes{' '}
            <strong className="font-semibold">{areaName(applying)}</strong>: {serviceText(applying)}
            .
          </p>
        ) : null}
        <div
          className={cn(
            'xl:overflow-x-auto xl:rounded-xl xl:border xl:border-slate-200 xl:bg-white',
            areas.isPlaceholderData && 'opacity-60',
          )}
        >
          <table role="table" className="block w-full text-left text-sm xl:table">
            <caption className="sr-only">
              Delivery areas by first pincode
              {params.pincode ? `, for ${params.pincode}` : ''}
            </caption>
            <thead
              role="rowgroup"
              className="sr-only bg-slate-50 text-xs tracking-wide text-slate-600 uppercase xl:not-sr-only xl:table-header-group"
            >
              <tr role="row" className="whitespace-nowrap">
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Pincodes
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Zone
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Delivery
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Cash on delivery
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3">
                  Same day
                </th>
                <th role="columnheader" scope="col" className="px-4 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="flex flex-col gap-3 xl:table-row-group">
              {areas.data.areas.map((area) => (
                <AreaRow
                  key={area.id}
                  area={area}
                  applies={applying?.id === area.id ? params.pincode : null}
                  onEdit={() => setEditing({ area })}
                  onRemove={() => setRemoving(area)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(page) => go({ page })}
          label="Delivery area pages"
        />
      </>
    );
  }

  const rowCount = areas.data?.pagination.rowCount;

  return (
    <>
      <PageHeader
        title="Delivery areas"
        description="A pincode takes the narrowest range that holds it."
        actions={
          <div className="flex flex-wrap gap-2">
            <AreasCsvImport />
            {addButton()}
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <form
          role="search"
          aria-label="Delivery areas"
          className="flex w-full max-w-sm flex-col gap-1"
          noValidate
          onSubmit={(event) => {
            debounced.cancel();
            void search(event);
          }}
        >
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Search by pincode
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id={searchId}
              type="search"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder="560001, or its first digits"
              aria-invalid={errors.pincode ? true : undefined}
              aria-describedby={errors.pincode ? `${searchId}-error` : undefined}
              {...register('pincode', { onChange: () => debounced.run() })}
              className="pl-9"
            />
          </div>
          {errors.pincode?.message ? (
            <FieldError id={`${searchId}-error`}>{errors.pincode.message}</FieldError>
          ) : null}
        </form>
        {rowCount !== undefined && !areas.isError ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {rowCount} {rowCount === 1 ? 'area' : 'areas'}
            {params.pincode ? ` for ${params.pincode}` : ''}
          </p>
        ) : null}
      </div>
      {body}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing && 'area' in editing ? `Edit ${areaName(editing.area)}` : 'Add delivery area'
        }
        size="md"
      >
        {editing !== null ? (
          <DeliveryAreaForm
            area={'area' in editing ? editing.area : undefined}
            initialPincode={'pincode' in editing ? editing.pincode : undefined}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove delivery area?"
        message={
          <>
            Remove <strong>{removing ? areaName(removing) : ''}</strong>? Its pincodes fall back to
            the next wider area that holds them, or are no longer served.
          </>
        }
        confirmLabel="Remove"
        pendingText="Removing..."
        error={remove.isError ? getErrorMessage(remove.error) : null}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing || remove.isPending) return;
          const name = areaName(removing);
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify.success(`Delivery area ${name} removed.`);
              closeRemove();
            },
          });
        }}
        onClose={closeRemove}
      />
    </>
  );
}
