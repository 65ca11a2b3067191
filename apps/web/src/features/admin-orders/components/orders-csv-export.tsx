import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { OrdersExportQuery } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDownloadOrdersCsv } from '../api/download-orders-csv';
import { exportRangeErrors, thisMonth } from '../utils/export-range';

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
  const [range, setRange] = useState<OrdersExportQuery>(() => thisMonth());
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const download = useDownloadOrdersCsv();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (download.isPending) return;
    const found = exportRangeErrors(range);
    setErrors(found ?? {});
    setFailure(undefined);
    if (found) return;
    download.mutate(range, {
      onSuccess: (name) => notify.success(`Downloaded ${name}`),
      onError: (error) => {
        const shown = serverErrors(error);
        setErrors(shown.fields);
        setFailure(shown.message);
      },
    });
  };

  const field = (name: Field, label: string) => (
    <FormField label={label} error={errors[name]} className="w-full sm:w-40">
      {(props) => (
        <Input
          {...props}
          type="date"
          value={range[name]}
          disabled={download.isPending}
          onChange={(event) => {
            const value = event.target.value;
            setRange((current) => ({ ...current, [name]: value }));
            setErrors({});
            setFailure(undefined);
          }}
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
