import { zodResolver } from '@hookform/resolvers/zod';
import { BookCheck, CalendarSearch, Download, RefreshCw } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { h1RegisterQuerySchema, type H1RegisterEntry } from '@pharmacy/shared';
import { Button, ButtonLink, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useDownloadH1RegisterCsv } from '../api/download-h1-register';
import { h1RegisterCsvUrl, useH1Register } from '../api/get-h1-register';
import { useRegisterParams } from '../hooks/use-register-params';
import { formatDay, formatTime, monthRange, type DayRange } from '../utils/register-range';

const units = (count: number) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? 'unit' : 'units'}`;

/** A person with their registration number under the name. */
function Registered({ name, number }: { name: string; number: string }) {
  return (
    <>
      <span className="block text-slate-900">{name}</span>
      <span className="block text-xs text-slate-600">Reg. no {number}</span>
    </>
  );
}

function OrderLink({ orderId }: { orderId: number }) {
  return (
    <Link
      to={paths.order.getHref(orderId)}
      className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      #{orderId}
    </Link>
  );
}

/** The period and the button that shows it; the dates are checked by the server's own rules. */
function RangeForm({ range, onApply }: { range: DayRange; onApply: (range: DayRange) => void }) {
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<
    z.input<typeof h1RegisterQuerySchema>,
    unknown,
    z.output<typeof h1RegisterQuerySchema>
  >({
    resolver: zodResolver(h1RegisterQuerySchema),
    defaultValues: range,
    // A change of either date takes the messages away; Show register checks again.
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(({ from, to }) => onApply({ from, to }));

  const field = (name: keyof DayRange, label: string) => (
    <FormField label={label} error={errors[name]?.message} className="w-full sm:w-44">
      {(props) => (
        <Input {...props} {...register(name, { onChange: () => clearErrors() })} type="date" />
      )}
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Register period"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      {field('from', 'From')}
      {field('to', 'To')}
      <Button
        type="submit"
        variant="secondary"
        className="sm:mt-6"
        icon={<CalendarSearch aria-hidden="true" className="size-4" />}
      >
        Show register
      </Button>
    </form>
  );
}

/** Wide screens: one table row per entry, with a sticky header. */
function RegisterTable({ entries, range }: { entries: H1RegisterEntry[]; range: DayRange }) {
  return (
    <div
      className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="H1 register table"
      tabIndex={0}
    >
      <table className="w-full min-w-[60rem] text-sm">
        <caption className="sr-only">
          Schedule H1 register from {formatDay(range.from)} to {formatDay(range.to)}
        </caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2.5 py-2">
              Date
            </th>
            <th scope="col" className="px-2.5 py-2">
              Order
            </th>
            <th scope="col" className="px-2.5 py-2">
              Patient
            </th>
            <th scope="col" className="px-2.5 py-2">
              Prescriber
            </th>
            <th scope="col" className="px-2.5 py-2">
              Product
            </th>
            <th scope="col" className="px-2.5 py-2">
              Batch
            </th>
            <th scope="col" className="px-2.5 py-2 text-right">
              Units
            </th>
            <th scope="col" className="px-2.5 py-2">
              Pharmacist
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr
              key={entry.id}
              className="border-t border-slate-100 align-top even:bg-slate-50/60 hover:bg-brand-50/50"
            >
              <th scope="row" className="px-2.5 py-2 text-left font-medium whitespace-nowrap">
                <time dateTime={entry.dispatchedAt} className="block text-slate-900">
                  {formatDay(entry.dispatchedAt)}
                </time>
                <span className="block text-xs font-normal text-slate-600">
                  {formatTime(entry.dispatchedAt)}
                </span>
              </th>
              <td className="px-2.5 py-2">
                <OrderLink orderId={entry.orderId} />
              </td>
              <td className="px-2.5 py-2 text-slate-900">{entry.patientName}</td>
              <td className="px-2.5 py-2">
                <Registered
                  name={entry.prescriberName}
                  number={entry.prescriberRegistrationNumber}
                />
              </td>
              <td className="max-w-56 px-2.5 py-2 text-slate-900">{entry.productName}</td>
              <td className="px-2.5 py-2 whitespace-nowrap text-slate-800">
                {entry.batchNumber ?? <span className="text-slate-600">Not recorded</span>}
              </td>
              <td className="px-2.5 py-2 text-right font-semibold text-slate-900 tabular-nums">
                {entry.units}
              </td>
              <td className="px-2.5 py-2">
                <Registered
                  name={entry.pharmacistName}
                  number={entry.pharmacistRegistrationNumber}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per entry. */
function RegisterCards({ entries }: { entries: H1RegisterEntry[] }) {
  return (
    <ul aria-label="Register entries" className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm text-slate-700">
              <time dateTime={entry.dispatchedAt} className="font-medium text-slate-900">
                {formatDay(entry.dispatchedAt)}
              </time>{' '}
              {formatTime(entry.dispatchedAt)}
            </p>
            <p className="text-sm">
              Order <OrderLink orderId={entry.orderId} />
            </p>
          </div>
          <p className="mt-2 font-semibold text-slate-900">{entry.productName}</p>
          <p className="text-sm text-slate-700">
            Batch {entry.batchNumber ?? 'not recorded'} · {units(entry.units)}
          </p>
          <dl className="mt-3 grid gap-3 border-t border-slate-100 pt-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-600">Patient</dt>
              <dd className="text-slate-900">{entry.patientName}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Prescriber</dt>
              <dd>
                <Registered
                  name={entry.prescriberName}
                  number={entry.prescriberRegistrationNumber}
                />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Pharmacist</dt>
              <dd>
                <Registered
                  name={entry.pharmacistName}
                  number={entry.pharmacistRegistrationNumber}
                />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ExportLink({ range }: { range: DayRange }) {
  const download = useDownloadH1RegisterCsv();
  return (
    <a
      href={h1RegisterCsvUrl(range)}
      aria-disabled={download.isPending || undefined}
      onClick={(event) => {
        // The file needs the session's token, which a plain link cannot send.
        event.preventDefault();
        if (download.isPending) return;
        download.mutate(range, { onSuccess: (name) => notify.success(`Downloaded ${name}`) });
      }}
      className={buttonClasses('secondary', 'md')}
    >
      <Download aria-hidden="true" className="size-4" />
      {download.isPending ? 'Exporting...' : 'Export CSV'}
    </a>
  );
}

/**
 * Issue 16 Schedule H1 register (admin): every dispatched line of a register-keeping schedule in
 * a period (this month unless chosen), with the patient, the prescriber and the approving
 * pharmacist with their registration numbers, the batch and the units; a table on wide screens,
 * cards on phones, pages, and the period's rows as CSV for an inspector.
 */
export function H1Register() {
  const narrow = useMediaQuery('(max-width: 79.98rem)');
  const { params, update } = useRegisterParams();
  const range = { from: params.from, to: params.to };
  const register = useH1Register(params);
  const pagination = register.data?.pagination;
  const thisMonth = monthRange();
  const isThisMonth = range.from === thisMonth.from && range.to === thisMonth.to;

  let body;
  if (register.isPending) {
    body = (
      <LoadingRegion label="Loading the register" className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (register.isError) {
    body = (
      <EmptyState
        icon={<BookCheck className="size-8" />}
        title="The register could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void register.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(register.error)}</span>
      </EmptyState>
    );
  } else if (register.data.entries.length === 0) {
    body = (
      <EmptyState
        icon={<BookCheck className="size-8" />}
        title="No Schedule H1 medicine was dispatched in this period."
        action={
          isThisMonth ? (
            <ButtonLink to={paths.dashboard.ordersAll.getHref()} variant="secondary">
              Go to Orders
            </ButtonLink>
          ) : (
            <Button variant="secondary" onClick={() => update({ ...thisMonth, page: 1 })}>
              Show this month
            </Button>
          )
        }
      >
        Entries appear here when an order with Schedule H1 medicine is dispatched.
      </EmptyState>
    );
  } else {
    body = (
      <div className={cn('transition-opacity', register.isPlaceholderData && 'opacity-60')}>
        {narrow ? (
          <RegisterCards entries={register.data.entries} />
        ) : (
          <RegisterTable entries={register.data.entries} range={range} />
        )}
      </div>
    );
  }

  const count = pagination?.rowCount;
  return (
    <>
      <PageHeader
        title="H1 Register"
        description={
          <>
            Schedule H1 medicines dispatched from {formatDay(range.from)} to {formatDay(range.to)}
            {count === undefined ? '.' : `: ${count} ${count === 1 ? 'entry' : 'entries'}.`}
          </>
        }
        actions={<ExportLink range={range} />}
      />
      <RangeForm
        key={`${range.from}/${range.to}`}
        range={range}
        onApply={(next) => update({ ...next, page: 1 })}
      />
      {body}
      {pagination ? (
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(page) => update({ page })}
          label="Register pages"
        />
      ) : null}
    </>
  );
}
