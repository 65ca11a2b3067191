import { useId, useState } from 'react';
import { FileDown, FileUp } from 'lucide-react';
import { DELIVERY_CSV_COLUMNS, type DeliveryImportPreview } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useImportDeliveryAreas, usePreviewDeliveryImport } from '../api/import-delivery-areas';

/** A starting file: the header and two rows showing a same-day range and a pincode not served. */
export const TEMPLATE_CSV = [
  DELIVERY_CSV_COLUMNS.join(','),
  '560001,560110,Bengaluru,1,yes,yes,14:00,yes',
  '744101,,Andaman and Nicobar Islands,7,no,no,,no',
].join('\n');

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([`${TEMPLATE_CSV}\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'delivery-areas.csv';
  link.click();
  URL.revokeObjectURL(url);
}

const ACTION_TEXT = { create: 'Add', update: 'Change', unchanged: 'Unchanged' } as const;

function PreviewSummary({ preview }: { preview: DeliveryImportPreview }) {
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="text-sm text-slate-800">
        <strong>{preview.creates}</strong> to add, <strong>{preview.updates}</strong> to change,{' '}
        <strong>{preview.unchanged}</strong> unchanged
        {preview.refused.length > 0 ? (
          <>
            , <strong className="text-red-700">{preview.refused.length} refused</strong>
          </>
        ) : null}
        .
      </p>
      {preview.refused.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="mb-1 text-sm font-semibold text-red-800">
            Fix these rows and choose the file again: nothing is imported while any is refused.
          </p>
          <ul className="max-h-40 overflow-y-auto text-sm text-red-800">
            {preview.refused.map((row) => (
              <li key={`${row.line}-${row.message}`}>
                Line {row.line}: {row.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.sample.length > 0 ? (
        <div className="max-h-56 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The first rows as they would be applied</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Line
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Pincodes
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Zone
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.sample.map((row) => (
                <tr key={row.line}>
                  <td className="px-3 py-1.5 text-slate-600">{row.line}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap text-slate-900">
                    {row.pincodeFrom === row.pincodeTo
                      ? row.pincodeFrom
                      : `${row.pincodeFrom}–${row.pincodeTo}`}
                  </td>
                  <td className="px-3 py-1.5 text-slate-900">{row.zone}</td>
                  <td className="px-3 py-1.5 text-slate-700">{ACTION_TEXT[row.action]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
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
  const ready =
    file !== null &&
    preview.data !== undefined &&
    preview.data.refused.length === 0 &&
    preview.data.creates + preview.data.updates > 0;

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
            One area per row, with the columns{' '}
            <code className="text-xs break-words">{DELIVERY_CSV_COLUMNS.join(', ')}</code>.
            pincode_from, zone and delivery_days are needed; yes/no columns take yes or no; empty
            cells take the defaults (one pincode, cash on delivery, no same day, served). An area
            with the same pincodes as one the shop has is changed, not added twice.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              className="text-sm"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            <Button
              variant="quiet"
              size="sm"
              icon={<FileDown aria-hidden="true" className="size-4" />}
              onClick={downloadTemplate}
            >
              Template
            </Button>
          </div>
          {preview.isPending ? <p className="text-sm text-slate-600">Reading the file…</p> : null}
          {preview.isError ? <FieldError>{getErrorMessage(preview.error)}</FieldError> : null}
          {importAreas.isError ? (
            <FieldError>{getErrorMessage(importAreas.error)}</FieldError>
          ) : null}
          {preview.data ? <PreviewSummary preview={preview.data} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={!ready}
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
      </Dialog>
    </>
  );
}
