import { useId, useState, type ReactNode } from 'react';
import { FileDown, FileUp, FileWarning } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FieldError, Input } from '../ui/form-field';
import { getErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { notify } from '../../lib/toast';

/** What every CSV import's preview answers (the delivery areas', the drug interactions'). */
export interface CsvImportPreview<Row extends CsvSampleRow> {
  creates: number;
  updates: number;
  unchanged: number;
  refused: { line: number; message: string }[];
  /** When the server lists only the first refused rows: how many there are in all. */
  refusedCount?: number;
  sample: Row[];
}
export interface CsvSampleRow {
  line: number;
  action: 'create' | 'update' | 'unchanged';
}

/** A column of the preview's "First rows" table, between its line and its change. */
export interface CsvSampleColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

const count = (n: number) => n.toLocaleString('en-IN');

const ACTION_TEXT = { create: 'Add', update: 'Change', unchanged: 'Unchanged' } as const;

function downloadTemplate(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([`${csv}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

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
  refused: CsvImportPreview<CsvSampleRow>['refused'];
  total: number;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold text-red-800">
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

function SampleRows<Row extends CsvSampleRow>({
  sample,
  columns,
}: {
  sample: Row[];
  columns: readonly CsvSampleColumn<Row>[];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
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
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-2 py-2 sm:px-3">
                  {column.header}
                </th>
              ))}
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
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={cn('px-2 py-1.5 text-slate-900 sm:px-3', column.className)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                <td className="px-2 py-1.5 text-slate-700 sm:px-3">{ACTION_TEXT[row.action]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewSummary<Row extends CsvSampleRow>({
  preview,
  fileName,
  columns,
}: {
  preview: CsvImportPreview<Row>;
  fileName: string;
  columns: readonly CsvSampleColumn<Row>[];
}) {
  const titleId = useId();
  const refusedCount = preview.refusedCount ?? preview.refused.length;
  return (
    <section aria-labelledby={titleId} aria-live="polite" className="flex flex-col gap-4">
      <div>
        <h3 id={titleId} className="text-base font-semibold break-all text-slate-900">
          Preview of {fileName}
        </h3>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label="To add" value={preview.creates} />
          <Figure label="To change" value={preview.updates} />
          <Figure label="Unchanged" value={preview.unchanged} />
          <Figure label="Refused" value={refusedCount} tone="bad" />
        </dl>
      </div>
      {preview.refused.length > 0 ? (
        <RefusedRows refused={preview.refused} total={refusedCount} />
      ) : null}
      {preview.sample.length > 0 ? <SampleRows sample={preview.sample} columns={columns} /> : null}
    </section>
  );
}

/** Why Import is off, said beside it (DESIGN.md: a disabled button says why). */
function importBlockedReason(preview: CsvImportPreview<CsvSampleRow> | undefined): string | null {
  if (!preview) return 'Choose a CSV file first.';
  if ((preview.refusedCount ?? preview.refused.length) > 0) return 'Fix the refused rows first.';
  if (preview.creates + preview.updates === 0) return 'Nothing to import: every row is as saved.';
  return null;
}

/**
 * A CSV import previewed before anything is written (the delivery areas', issue 29; the drug
 * interactions', issue 31): the documented columns and a template, the counts, the refused rows
 * with their line and reason and the first rows of the chosen file; then all rows or none.
 */
export function CsvImportDialog<Column extends string, Row extends CsvSampleRow>({
  title,
  intro,
  columns,
  columnText,
  template,
  fileHint,
  sampleColumns,
  preview,
  importer,
}: {
  title: string;
  intro: ReactNode;
  columns: readonly Column[];
  /** What each column takes, in the words of the matching form. */
  columnText: Record<Column, string>;
  /** A starting file and the name it downloads under. */
  template: { csv: string; fileName: string };
  /** The limits, under the file field. */
  fileHint: ReactNode;
  sampleColumns: readonly CsvSampleColumn<Row>[];
  preview: UseMutationResult<CsvImportPreview<Row>, Error, File>;
  importer: UseMutationResult<{ message: string }, Error, File>;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  const hintId = useId();
  const reasonId = useId();
  const close = () => {
    setOpen(false);
    setFile(null);
    preview.reset();
    importer.reset();
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    importer.reset();
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
      <Dialog open={open} onClose={close} title={title} size="lg">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{intro}</p>
          <details className="rounded-lg border border-slate-200 bg-slate-50 text-sm">
            <summary className="cursor-pointer px-3 py-2 font-medium text-slate-800">
              The columns:{' '}
              <code className="text-xs break-words text-slate-700">{columns.join(', ')}</code>
            </summary>
            <dl className="grid gap-x-4 gap-y-1 border-t border-slate-200 px-3 py-2 sm:grid-cols-[auto_1fr]">
              {columns.map((column) => (
                <div key={column} className="contents">
                  <dt>
                    <code className="text-xs font-semibold text-slate-900">{column}</code>
                  </dt>
                  <dd className="mb-1 text-slate-700 sm:mb-0">{columnText[column]}</dd>
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
                onClick={() => downloadTemplate(template.csv, template.fileName)}
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
              {fileHint}
            </p>
          </div>
          {preview.isError ? <FieldError>{getErrorMessage(preview.error)}</FieldError> : null}
          {importer.isError ? <FieldError>{getErrorMessage(importer.error)}</FieldError> : null}
          {preview.data && file ? (
            <PreviewSummary preview={preview.data} fileName={file.name} columns={sampleColumns} />
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
                isPending={importer.isPending}
                pendingText="Importing…"
                onClick={() => {
                  if (!file) return;
                  importer.mutate(file, {
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
