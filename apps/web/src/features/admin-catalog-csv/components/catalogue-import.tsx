import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2, FileWarning, Upload } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_BYTES,
  catalogCsvFileFormSchema,
  type CatalogImportPreview,
  type CatalogImportResult,
} from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FieldError, Input } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useImportCatalogue } from '../api/import-catalogue';
import { usePreviewCatalogueImport } from '../api/preview-catalogue-import';

const count = (n: number) => n.toLocaleString('en-IN');
const rowsText = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

const counted = (n: number, one: string, many: string) =>
  n > 0 ? `${count(n)} ${n === 1 ? one : many}` : null;

/** '1 division, 2 manufacturers': the names the import would create, none left out. */
function newNames(preview: CatalogImportPreview): string {
  return [
    counted(preview.newDivisions, 'division', 'divisions'),
    counted(preview.newManufacturers, 'manufacturer', 'manufacturers'),
    counted(preview.newSaltCompositions, 'salt composition', 'salt compositions'),
  ]
    .filter(Boolean)
    .join(', ');
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'bad' | 'good' }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={cn(
          'text-2xl font-bold tabular-nums',
          tone === 'bad' && value > 0 ? 'text-red-700' : 'text-slate-900',
          tone === 'good' && value > 0 && 'text-green-800',
        )}
      >
        {count(value)}
      </dd>
    </div>
  );
}

function RefusedRows({ preview }: { preview: CatalogImportPreview }) {
  return (
    <section aria-labelledby="refused-title" className="mt-6">
      <h2 id="refused-title" className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <FileWarning aria-hidden="true" className="size-5" />
        Refused rows
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Nothing will be imported while a row is refused. Fix these rows in the file, then preview it
        again.
        {preview.refused > preview.refusedRows.length
          ? ` The first ${count(preview.refusedRows.length)} of ${count(preview.refused)} are listed.`
          : ''}
      </p>
      <div
        className="mt-3 max-h-[60vh] overflow-auto rounded-xl border border-slate-200 bg-white"
        role="region"
        aria-label="Refused rows table"
        tabIndex={0}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Refused rows: line of the file and reason</caption>
          <thead className="sticky top-0 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
            <tr>
              <th scope="col" className="w-20 px-3 py-2 text-right">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.refusedRows.map((row) => (
              <tr key={row.line} className="border-t border-slate-100 even:bg-slate-50/60">
                <td className="px-3 py-2 text-right font-semibold text-slate-900 tabular-nums">
                  {row.line}
                </td>
                <td className="px-3 py-2 text-slate-800">{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ImportDone({ result }: { result: CatalogImportResult }) {
  return (
    <section
      aria-labelledby="import-done"
      className="rounded-xl border border-green-200 bg-green-50 p-5"
    >
      <h2 id="import-done" className="flex items-center gap-2 text-lg font-semibold text-green-900">
        <CheckCircle2 aria-hidden="true" className="size-5" />
        Import complete
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label="Created" value={result.created} tone="good" />
        <Figure label="Updated" value={result.updated} tone="good" />
        <Figure label="Unchanged" value={result.unchanged} />
      </dl>
      <ButtonLink
        to={paths.dashboard.products.getHref()}
        className="mt-5"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Back to products
      </ButtonLink>
    </section>
  );
}

/**
 * Issue 18 point 4: the admin chooses a CSV, sees what it would do (counts, refused rows with
 * their line and reason) and, when no row is refused, confirms. Nothing is written before that,
 * and the confirmed file is the one previewed (the server checks its hash).
 */
export function CatalogueImport() {
  const fileId = useId();
  const hintId = useId();
  const { control, handleSubmit, clearErrors } = useForm<
    z.input<typeof catalogCsvFileFormSchema>,
    unknown,
    z.output<typeof catalogCsvFileFormSchema>
  >({
    resolver: zodResolver(catalogCsvFileFormSchema),
    defaultValues: { file: null },
    // Choosing another file takes the message away; Preview checks again.
    reValidateMode: 'onSubmit',
  });
  const {
    field: fileField,
    fieldState: { error: fileError },
  } = useController({ control, name: 'file' });
  const file = fileField.value instanceof File ? fileField.value : null;
  const preview = usePreviewCatalogueImport();
  const confirm = useImportCatalogue();
  const planned = preview.data;
  const changes = planned ? planned.toCreate + planned.toUpdate : 0;

  const choose = (chosen: File | null) => {
    fileField.onChange(chosen);
    clearErrors('file');
    preview.reset();
    confirm.reset();
  };

  // The shared schema asks for a file within the server's limit; when not, the input takes focus.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    confirm.reset();
    return handleSubmit(() => {
      if (file) preview.mutate(file);
    })(event);
  };

  if (confirm.data) {
    return (
      <>
        <PageHeader title="Import products" />
        <ImportDone result={confirm.data} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Import products"
        description="Add and update products from a CSV file. You see what will change before anything is saved."
        actions={
          <ButtonLink
            to={paths.dashboard.products.getHref()}
            variant="quiet"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          >
            Products
          </ButtonLink>
        }
      />
      <form
        noValidate
        onSubmit={submit}
        aria-label="Preview a catalogue CSV"
        className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
            CSV file
          </label>
          <Input
            ref={fileField.ref}
            name={fileField.name}
            onBlur={fileField.onBlur}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
          />
          <p id={hintId} className="text-xs text-slate-600">
            The columns of Export CSV ({Object.values(CATALOG_CSV_COLUMNS).join(', ')}). A row with
            an ID updates that product; a row without one adds a product, or updates the one with
            the same name. Prescription and Stock are not imported: stock comes from received
            batches. At most {CATALOG_CSV_MAX_BYTES / (1024 * 1024)} MB.
          </p>
          {fileError ? <FieldError>{fileError.message}</FieldError> : null}
        </div>
        <div>
          <Button
            type="submit"
            variant="secondary"
            isPending={preview.isPending}
            pendingText="Checking the file..."
            icon={<Upload aria-hidden="true" className="size-4" />}
          >
            {planned ? 'Preview again' : 'Preview'}
          </Button>
        </div>
        {preview.isError ? <FieldError>{getErrorMessage(preview.error)}</FieldError> : null}
      </form>

      {planned ? (
        <section aria-labelledby="preview-title" aria-live="polite" className="mt-6">
          <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
            Preview of {file?.name ?? 'the file'}: {rowsText(planned.rows)}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="To create" value={planned.toCreate} />
            <Figure label="To update" value={planned.toUpdate} />
            <Figure label="Unchanged" value={planned.unchanged} />
            <Figure label="Refused" value={planned.refused} tone="bad" />
          </dl>
          {newNames(planned) ? (
            <p className="mt-3 text-sm text-slate-700">
              New names will be added: {newNames(planned)}.
            </p>
          ) : null}
          {planned.refused > 0 ? (
            <RefusedRows preview={planned} />
          ) : changes === 0 ? (
            <p className="mt-4 text-sm font-medium text-slate-800">
              Nothing to import: every row matches the catalogue.
            </p>
          ) : (
            <div className="mt-5 flex flex-col items-start gap-2">
              <Button
                variant="primary"
                size="lg"
                isPending={confirm.isPending}
                pendingText="Importing..."
                onClick={() => file && confirm.mutate({ file, previewToken: planned.previewToken })}
              >
                Import {rowsText(changes)}
              </Button>
              {confirm.isError ? <FieldError>{getErrorMessage(confirm.error)}</FieldError> : null}
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
