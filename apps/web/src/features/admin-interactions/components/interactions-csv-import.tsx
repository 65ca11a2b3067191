import { useId, useState } from 'react';
import { FileDown, FileUp, FileWarning } from 'lucide-react';
import {
  DRUG_INTERACTION_CSV_COLUMNS,
  DRUG_INTERACTION_CSV_MAX_BYTES,
  DRUG_INTERACTION_CSV_MAX_ROWS,
  type DrugInteractionCsvColumn,
  type DrugInteractionImportPreview,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useImportInteractions, usePreviewInteractionImport } from '../api/import-interactions';
import { SeverityBadge } from './severity-badge';

/**
 * A starting file: the header and two rows, one with a quoted cell holding a comma (what a
 * spreadsheet writes) and one with no source.
 */
export const TEMPLATE_CSV = [
  DRUG_INTERACTION_CSV_COLUMNS.join(','),
  'Clopidogrel,Omeprazole,moderate,"Omeprazole lowers clopidogrel\u2019s activation, so it may protect less.",Prefer pantoprazole if a PPI is needed.,Stockley',
  'Ciprofloxacin,Calcium Carbonate,moderate,Calcium binds ciprofloxacin and less is absorbed.,Take ciprofloxacin 2 hours before or 6 hours after calcium.,',
].join('\n');

/** What each column takes, in the words of the interaction form (the shared schema applies them). */
const COLUMN_TEXT: Record<DrugInteractionCsvColumn, string> = {
  ingredient_a: 'The first active ingredient’s generic name (DDInter’s Drug_A). Needed.',
  ingredient_b:
    'The second ingredient (DDInter’s Drug_B); the order of the two does not matter. Needed.',
  severity:
    'major, moderate or minor, in any case (DDInter’s Level; leave out its Unknown rows). Needed.',
  effect: 'What happens, up to 600 characters. Needed.',
  advice: 'What to do, up to 600 characters. Needed.',
  source: 'Where the grading comes from; may be empty or left out.',
};

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([`${TEMPLATE_CSV}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'drug-interactions.csv';
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

function RefusedRows({
  refused,
  total,
}: {
  refused: DrugInteractionImportPreview['refused'];
  total: number;
}) {
  return (
    <section aria-labelledby="interactions-refused-title">
      <h3
        id="interactions-refused-title"
        className="flex items-center gap-2 text-base font-semibold text-red-800"
      >
        <FileWarning aria-hidden="true" className="size-5" />
        Refused rows
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Nothing is imported while a row is refused. Fix these rows in the file, then choose it
        again.
        {total > refused.length
          ? ` The first ${count(refused.length)} of ${count(total)} are listed.`
          : ''}
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

function SampleRows({ sample }: { sample: DrugInteractionImportPreview['sample'] }) {
  return (
    <section aria-labelledby="interactions-sample-title">
      <h3 id="interactions-sample-title" className="text-base font-semibold text-slate-900">
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
                Ingredients
              </th>
              <th scope="col" className="px-2 py-2 sm:px-3">
                Severity
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
                <td className="px-2 py-1.5 text-slate-900 sm:px-3">
                  {row.ingredientA} + {row.ingredientB}
                </td>
                <td className="px-2 py-1.5 sm:px-3">
                  <SeverityBadge severity={row.severity} />
                </td>
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
  preview: DrugInteractionImportPreview;
  fileName: string;
}) {
  return (
    <section
      aria-labelledby="interactions-preview-title"
      aria-live="polite"
      className="flex flex-col gap-4"
    >
      <div>
        <h3
          id="interactions-preview-title"
          className="text-base font-semibold break-all text-slate-900"
        >
          Preview of {fileName}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label="To add" value={preview.creates} />
          <Figure label="To change" value={preview.updates} />
          <Figure label="Unchanged" value={preview.unchanged} />
          <Figure label="Refused" value={preview.refusedCount} tone="bad" />
        </dl>
      </div>
      {preview.refused.length > 0 ? (
        <RefusedRows refused={preview.refused} total={preview.refusedCount} />
      ) : null}
      {preview.sample.length > 0 ? <SampleRows sample={preview.sample} /> : null}
    </section>
  );
}

/** Why Import is off, said beside it (DESIGN.md: a disabled button says why). */
function importBlockedReason(preview: DrugInteractionImportPreview | undefined): string | null {
  if (!preview) return 'Choose a CSV file first.';
  if (preview.refusedCount > 0) return 'Fix the refused rows first.';
  if (preview.creates + preview.updates === 0) return 'Nothing to import: every row is as saved.';
  return null;
}

/**
 * Issue 31 point 4: interactions from a CSV (decision 0026), previewed before anything is
 * written, as the catalogue and delivery imports are: the counts, the refused rows with their line
 * and reason, the first rows; then all rows or none.
 */
export function InteractionsCsvImport() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewInteractionImport();
  const importRows = useImportInteractions();
  const inputId = useId();
  const hintId = useId();
  const reasonId = useId();
  const close = () => {
    setOpen(false);
    setFile(null);
    preview.reset();
    importRows.reset();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    importRows.reset();
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
      <Dialog open={open} onClose={close} title="Import drug interactions" size="lg">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            One pair of ingredients per row. A pair already in the table, in either order, is
            changed; any other row adds a pair. You see what will change before anything is saved.
            Public data sets such as DDInter fit by renaming their columns; write the effect and
            advice they leave out.
          </p>
          <details className="rounded-lg border border-slate-200 bg-slate-50 text-sm">
            <summary className="cursor-pointer px-3 py-2 font-medium text-slate-800">
              The columns:{' '}
              <code className="text-xs break-words text-slate-700">
                {DRUG_INTERACTION_CSV_COLUMNS.join(', ')}
              </code>
            </summary>
            <dl className="grid gap-x-4 gap-y-1 border-t border-slate-200 px-3 py-2 sm:grid-cols-[auto_1fr]">
              {DRUG_INTERACTION_CSV_COLUMNS.map((column) => (
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
              UTF-8, the header row first; at most {count(DRUG_INTERACTION_CSV_MAX_ROWS)} rows and{' '}
              {DRUG_INTERACTION_CSV_MAX_BYTES / (1024 * 1024)} MB. The file is checked as soon as
              you choose it.
            </p>
          </div>
          {preview.isError ? <FieldError>{getErrorMessage(preview.error)}</FieldError> : null}
          {importRows.isError ? <FieldError>{getErrorMessage(importRows.error)}</FieldError> : null}
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
                isPending={importRows.isPending}
                pendingText="Importing…"
                onClick={() => {
                  if (!file) return;
                  importRows.mutate(file, {
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
