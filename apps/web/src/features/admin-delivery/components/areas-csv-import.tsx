import { useId, useState } from 'react';
import { FileDown, FileUp, FileWarning } from 'lucide-react';
import {
  DELIVERY_CSV_COLUMNS,
  DELIVERY_CSV_MAX_BYTES,
  MAX_DELIVERY_DAYS,
  type DeliveryCsvColumn,
  type DeliveryImportPreview,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useImportDeliveryAreas, usePreviewDeliveryImport } from '../api/import-delivery-areas';

/** A starting file: the header and two rows showing a same-day range and a pincode not served. */
export const TEMPLATE_CSV = [
  DELIVERY_CSV_COLUMNS.join(','),
  '560001,560110,Bengaluru,1,yes,yes,14:00,yes',
  '744101,,Andaman and Nicobar Islands,7,no,no,,no',
].join('\n');

/** What each column takes, in the words of the area form (the shared csv rules apply them). */
const COLUMN_TEXT: Record<DeliveryCsvColumn, string> = {
  pincode_from: 'First pincode of the range (6 digits). Needed.',
  pincode_to: 'Last pincode of the range; empty for one pincode.',
  zone: 'The area’s name, as shoppers see it. Needed.',
  delivery_days: `Working days to deliver, 0 to ${MAX_DELIVERY_DAYS}. Needed.`,
  cash_on_delivery: 'yes or no; empty is yes.',
  same_day: 'yes or no; empty is no.',
  same_day_cutoff:
    'A time like 14:00: same-day orders placed before it. Needed when same_day is yes.',
  serviceable: 'yes or no (not served); empty is yes.',
};

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([`${TEMPLATE_CSV}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'delivery-areas.csv';
  link.click();
  URL.revokeObjectURL(url);
}

const count = (n: number) => n.toLocaleString('en-IN');

const ACTION_TEXT = { create: 'Add', update: 'Change', unchanged: 'Unchanged' } as const;

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'bad' }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={cn(
          'text-xl font-bold tabular-nums',
          tone === 'bad' && value > 0 ? 'text-red-700' : 'text-slate-900',
        )}
      >
        {count(value)}
      </dd>
    </div>
  );
}

function RefusedRows({ refused }: { refused: DeliveryImportPreview['refused'] }) {
  return (
    <section aria-labelledby="areas-refused-title">
      <h3
        id="areas-refused-title"
        className="flex items-center gap-2 text-base font-semibold text-red-800"
      >
        <FileWarning aria-hidden="true" className="size-5" />
        Refused rows
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Nothing is imported while a row is refused. Fix these rows in the file, then choose it
        again.
      </p>
      <div
        className="mt-2 max-h-48 overflow-auto rounded-lg border border-red-200 bg-white"
        role="region"
        aria-label="Refused rows table"
        tabIndex={0}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Refused rows: line of the file and reason</caption>
          <thead className="sticky top-0 bg-red-50 text-left text-xs font-semibold tracking-wide text-red-900 uppercase">
            <tr>
              <th scope="col" className="w-16 px-2 py-2 text-right sm:px-3">
                Line
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {refused.map((row) => (
              <tr
                key={`${row.line}-${row.message}`}
                className="border-t border-slate-100 even:bg-slate-50/60"
              >
                <td className="px-2 py-1.5 text-right font-semibold text-slate-900 tabular-nums sm:px-3">
                  {row.line}
                </td>
                <td className="px-2 py-1.5 text-slate-800 sm:px-3">{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function SampleRows({ sample }: { sample: DeliveryImportPreview['sample'] }) {
  return (
    <section aria-labelledby="areas-sample-title">
      <h3 id="areas-sample-title" className="text-base font-semibold text-slate-900">
        First rows
      </h3>
      <div
        className="mt-2 max-h-56 overflow-auto rounded-lg border border-slate-200"
        role="region"
        aria-label="First rows table"
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The first rows as they would be applied</caption>
          <thead className="sticky top-0 bg-slate-100 text-xs font-semibold tracking-wide text-slate-700 uppercase">
            <tr>
              <th scope="col" className="w-12 px-2 py-2 text-right sm:px-3">
                Line
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Pincodes
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Zone
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {sample.map((row) => (
              <tr key={row.line} className="border-t border-slate-100 even:bg-slate-50/60">
                <td className="px-2 py-1.5 text-right text-slate-600 tabular-nums sm:px-3">
                  {row.line}
                </td>
                <td className="px-2 py-1.5 text-slate-900 tabular-nums sm:px-3">
                  {row.pincodeFrom === row.pincodeTo ? (
                    row.pincodeFrom
                  ) : (
                    // A range breaks after its dash on phones rather than pushing the table wide.
                    <>
                      {row.pincodeFrom}–<wbr />
                      {row.pincodeTo}
                    </>
                  )}
                </td>
                <td className="px-2 py-1.5 text-slate-900 sm:px-3">{row.zone}</td>
                <td className="px-2 py-1.5 text-slate-700 sm:px-3">{ACTION_TEXT[row.action]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewSummary({
  preview,
  fileName,
}: {
  preview: DeliveryImportPreview;
  fileName: string;
}) {
  return (
    <section
      aria-labelledby="areas-preview-title"
      aria-live="polite"
      className="flex flex-col gap-4"
    >
      <div>
        <h3 id="areas-preview-title" className="text-base font-semibold break-all text-slate-900">
          Preview of {fileName}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label="To add" value={preview.creates} />
          <Figure label="To change" value={preview.updates} />
          <Figure label="Unchanged" value={preview.unchanged} />
          <Figure label="Refused" value={preview.refused.length} tone="bad" />
        </dl>
      </div>
      {preview.refused.length > 0 ? <RefusedRows refused={preview.refused} /> : null}
      {preview.sample.length > 0 ? <SampleRows sample={preview.sample} /> : null}
    </section>
  );
}

/** Why Import is off, said beside it (DESIGN.md: a disabled button says why). */
function importBlockedReason(preview: DeliveryImportPreview | undefined): string | null {
  if (!preview) return 'Choose a CSV file first.';
  if (preview.refused.length > 0) return 'Fix the refused rows first.';
  if (preview.creates + preview.updates === 0) return 'Nothing to import: every row is as saved.';
  return null;
}

/**
 * Issue 29: areas from a CSV, previewed before anything is written (like the catalogue's): the
 * counts, the refused rows with their line and reason, the first rows; then all rows or none.
 */
export function AreasCsvImport() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewDeliveryImport();
  const importAreas = useImportDeliveryAreas();
  const inputId = useId();
  const hintId = useId();
  const reasonId = useId();
  const close = () => {
    setOpen(false);
    setFile(null);
    preview.reset();
    importAreas.reset();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    importAreas.reset();
    if (chosen) preview.mutate(chosen);
    else preview.reset();
  };
  const blocked = preview.isPending ? 'Reading the file…' : importBlockedReason(preview.data);
  const ready = file !== null && blocked === null;

  return (
    <>
      <Button
        variant="secondary"
        icon={<FileUp aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        Import CSV
      </Button>
      <Dialog open={open} onClose={close} title="Import delivery areas" size="lg">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            One area per row. A row with the same pincodes as a saved area changes it; any other row
            adds an area. You see what will change before anything is saved.
          </p>
          <details className="rounded-lg border border-slate-200 bg-slate-50 text-sm">
            <summary className="cursor-pointer px-3 py-2 font-medium text-slate-800">
              The columns:{' '}
              <code className="text-xs break-words text-slate-700">
                {DELIVERY_CSV_COLUMNS.join(', ')}
              </code>
            </summary>
            <dl className="grid gap-x-4 gap-y-1 border-t border-slate-200 px-3 py-2 sm:grid-cols-[auto_1fr]">
              {DELIVERY_CSV_COLUMNS.map((column) => (
                <div key={column} className="contents">
                  <dt>
                    <code className="text-xs font-semibold text-slate-900">{column}</code>
                  </dt>
                  <dd className="mb-1 text-slate-700 sm:mb-0">{COLUMN_TEXT[column]}</dd>
                </div>
              ))}
            </dl>
          </details>
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
                CSV file
              </label>
              <Button
                variant="quiet"
                size="sm"
                icon={<FileDown aria-hidden="true" className="size-4" />}
                onClick={downloadTemplate}
              >
                Download a template
              </Button>
            </div>
            <Input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            />
            <p id={hintId} className="text-xs text-slate-600">
              The header row first; at most {DELIVERY_CSV_MAX_BYTES / (1024 * 1024)} MB. The file is
              checked as soon as you choose it.
            </p>
          </div>
          {preview.isError ? <FieldError>{getErrorMessage(preview.error)}</FieldError> : null}
          {importAreas.isError ? (
            <FieldError>{getErrorMessage(importAreas.error)}</FieldError>
          ) : null}
          {preview.data && file ? (
            <PreviewSummary preview={preview.data} fileName={file.name} />
          ) : null}
          <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2">
            {blocked && file ? (
              <p id={reasonId} className="mr-auto text-sm text-slate-600">
                {blocked}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button
                disabled={!ready}
                title={blocked ?? undefined}
                aria-describedby={blocked && file ? reasonId : undefined}
                isPending={importAreas.isPending}
                pendingText="Importing…"
                onClick={() => {
                  if (!file) return;
                  importAreas.mutate(file, {
                    onSuccess: (result) => {
                      notify.success(result.message);
                      close();
                    },
                  });
                }}
              >
                Import
              </Button>
            </div>
          </div>
        </div>
      </Dialog>
    </>
  );
}
