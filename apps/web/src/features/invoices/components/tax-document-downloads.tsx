import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import {
  formatLongDate,
  issueDayInIndia,
  type OrderTaxDocuments,
  type TaxDocumentSummary,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDownloadTaxDocument, type TaxDocumentDownload } from '../api/download-tax-document';

function DocumentRow({
  orderId,
  kind,
  document,
}: {
  orderId: number;
  kind: TaxDocumentDownload;
  document: TaxDocumentSummary;
}) {
  const download = useDownloadTaxDocument();
  const [failure, setFailure] = useState<string | undefined>();
  const label = kind === 'invoice' ? 'Download invoice' : 'Download credit note';
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start gap-2 text-sm">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {kind === 'invoice' ? 'Tax invoice' : 'Credit note'}{' '}
            <span className="font-medium break-all">{document.number}</span>
          </p>
          <p className="text-xs text-slate-600">
            {/* The date the document itself carries: its day in India. */}
            Issued on{' '}
            <time dateTime={issueDayInIndia(document.issuedAt)}>
              {formatLongDate(`${issueDayInIndia(document.issuedAt)}T00:00:00Z`)}
            </time>
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        isPending={download.isPending}
        pendingText="Downloading..."
        icon={<Download aria-hidden="true" className="size-4" />}
        onClick={() => {
          if (download.isPending) return;
          setFailure(undefined);
          download.mutate(
            { orderId, kind, number: document.number },
            {
              onSuccess: (name) => notify.success(`Downloaded ${name}`),
              onError: (error) => setFailure(getErrorMessage(error)),
            },
          );
        }}
      >
        {label}
      </Button>
      {failure ? <FieldError>{failure}</FieldError> : null}
    </li>
  );
}

/**
 * Issue 18: the order's GST invoice, once it is paid or confirmed for cash on delivery, and the
 * credit note of a cancelled invoiced order, to download as PDF (the owner and the pharmacy).
 * Nothing before there is an invoice.
 */
export function TaxDocumentDownloads({
  orderId,
  documents,
}: {
  orderId: number;
  documents: OrderTaxDocuments;
}) {
  if (!documents.invoice) return null;
  return (
    <ul aria-label="Tax documents" className="divide-y divide-slate-100">
      <DocumentRow orderId={orderId} kind="invoice" document={documents.invoice} />
      {documents.creditNotes.map((creditNote) => (
        <DocumentRow
          key={creditNote.number}
          orderId={orderId}
          kind="credit-note"
          document={creditNote}
        />
      ))}
    </ul>
  );
}
