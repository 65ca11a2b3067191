import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ordersExportQuerySchema, type OrdersExportQuery } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDownloadOrdersCsv } from '../api/download-orders-csv';
import { thisMonth } from '../utils/export-range';

type Field = keyof OrdersExportQuery;
type Errors = Partial<Record<Field, string>>;

/** A 400 names its field ('to: The end date is before the start date.'): show it there. */
function serverErrors(error: unknown): { fields: Errors; message?: string } {
  const message = getErrorMessage(error);
  const match = error instanceof ApiError ? /^(from|to): (.+)$/s.exec(message) : null;
  if (match?.[1] === 'from' || match?.[1] === 'to') return { fields: { [match[1]]: match[2] } };
  return { fields: {}, message };
}

/**
 * Issue 18 point 5: the admin downloads the orders of a period (this month unless chosen) with
 * their lines as CSV, for the accountant. The dates are checked by the server's own rules first;
 * a refusal from the server is shown under the date it names.
 */
export function OrdersCsvExport() {
  const [failure, setFailure] = useState<string | undefined>();
  const download = useDownloadOrdersCsv();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<OrdersExportQuery>({
    resolver: zodResolver(ordersExportQuerySchema),
    defaultValues: thisMonth(),
    // A change of either date takes every message away; the next export checks again.
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(
    (range) => {
      if (download.isPending) return;
      setFailure(undefined);
      download.mutate(range, {
        onSuccess: (name) => notify.success(`Downloaded ${name}`),
        onError: (error) => {
          const shown = serverErrors(error);
          for (const [name, message] of Object.entries(shown.fields) as [Field, string][]) {
            setError(name, { message });
          }
          setFailure(shown.message);
        },
      });
    },
    () => setFailure(undefined),
  );

  const field = (name: Field, label: string) => (
    <FormField label={label} error={errors[name]?.message} className="w-full sm:w-40">
      {(props) => (
        <Input
          {...props}
          {...register(name, {
            onChange: () => {
              clearErrors();
              setFailure(undefined);
            },
          })}
          type="date"
          disabled={download.isPending}
        />
      )}
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Export orders as CSV"
      className="flex flex-wrap items-start gap-2"
    >
      {field('from', 'Orders from')}
      {field('to', 'Orders to')}
      <Button
        type="submit"
        variant="secondary"
        className="sm:mt-6"
        isPending={download.isPending}
        pendingText="Exporting..."
        icon={<Download aria-hidden="true" className="size-4" />}
      >
        Export CSV
      </Button>
      {failure ? (
        <div className="basis-full">
          <FieldError>{failure}</FieldError>
        </div>
      ) : null}
    </form>
  );
}
