import { FileText, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MEDICINE_STATUSES, MEDICINE_STATUS_LABELS, type MedicineStatus } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Select } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatShortDate } from '../../../lib/format-date';
import { useAdminMedicines } from '../api/get-admin-medicines';

const STATUS_STYLE: Record<MedicineStatus, string> = {
  none: 'bg-slate-100 text-slate-700 ring-slate-300',
  draft: 'bg-amber-50 text-amber-900 ring-amber-200',
  published: 'bg-green-50 text-green-800 ring-green-200',
  'draft-newer': 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function MedicineStatusBadge({ status }: { status: MedicineStatus }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        STATUS_STYLE[status],
      )}
    >
      {MEDICINE_STATUS_LABELS[status]}
    </span>
  );
}

function readParams(search: URLSearchParams) {
  const page = Number(search.get('page'));
  const status = search.get('status') ?? '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: search.get('search')?.trim() ?? '',
    status: (MEDICINE_STATUSES as readonly string[]).includes(status) ? status : '',
  };
}

/**
 * Issue 30, /dashboard/medicines: every salt composition with where its information stands (no
 * content, a draft, published, or a draft newer than the published version), filtered by status
 * and searched by name; a row opens the editor.
 */
export function MedicinesAdminList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readParams(searchParams);
  const [term, setTerm] = useState(query.search);
  const { data, isPending, error, refetch } = useAdminMedicines(query);
  const statusId = useId();
  const searchId = useId();

  const go = (next: Partial<typeof query>) => {
    const merged = { ...query, ...next };
    const params = new URLSearchParams();
    if (merged.search) params.set('search', merged.search);
    if (merged.status) params.set('status', merged.status);
    if (merged.page > 1) params.set('page', String(merged.page));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader
        title="Medicine information"
        description="What shoppers read about each salt composition. Drafts stay private until a pharmacist reviews and publishes them."
      />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          go({ search: term.trim(), page: 1 });
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Salt composition
          </label>
          <Input
            id={searchId}
            type="search"
            value={term}
            maxLength={100}
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          icon={<Search aria-hidden="true" className="size-4" />}
        >
          Search
        </Button>
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
            Status
          </label>
          <Select
            id={statusId}
            value={query.status}
            onChange={(event) => go({ status: event.target.value, page: 1 })}
          >
            <option value="">Every status</option>
            {MEDICINE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {MEDICINE_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </div>
      </form>
      {isPending ? (
        <LoadingRegion label="Loading medicine information" className="flex flex-col gap-2">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </LoadingRegion>
      ) : error || !data ? (
        <EmptyState
          title="No salt compositions found."
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {getErrorMessage(error)}
        </EmptyState>
      ) : data.medicines.length === 0 ? (
        <EmptyState icon={<FileText className="size-8" />} title="No salt compositions found." />
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Salt composition
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Last reviewed
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Products
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.medicines.map((row) => (
                  <tr key={row.id} className="hover:bg-slate-50">
                    <th scope="row" className="px-4 py-3 font-medium">
                      <Link
                        to={paths.dashboard.medicineEdit.getHref(row.slug)}
                        className="text-brand-700 hover:underline"
                      >
                        {row.name}
                      </Link>
                    </th>
                    <td className="px-4 py-3">
                      <MedicineStatusBadge status={row.status} />
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {row.reviewedAt ? formatShortDate(row.reviewedAt) : '—'}
                    </td>
                    <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                      {row.productCount}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.pagination.page}
            pageCount={data.pagination.pageCount}
            onPageChange={(page) => go({ page })}
          />
        </>
      )}
    </>
  );
}
