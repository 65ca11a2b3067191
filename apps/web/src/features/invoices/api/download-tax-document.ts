import { useMutation } from '@tanstack/react-query';
import { taxDocumentFileName } from '@pharmacy/shared';
import { buildUrl } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download-file';

export type TaxDocumentDownload = 'invoice' | 'credit-note';

export interface TaxDocumentRequest {
  orderId: number;
  kind: TaxDocumentDownload;
  /** INV/26-27/000123: names the file if the server does not. */
  number: string;
}

/**
 * GET /api/order/:orderId/invoice.pdf and …/credit-note.pdf (issue 18): the owner's or an admin's
 * PDF, fetched with the session (a plain link cannot send it) and saved under the document's
 * number. Answers the file's name.
 */
export function downloadTaxDocument({ orderId, kind, number }: TaxDocumentRequest) {
  // Credit notes by number: a returned order may have several (issue 19).
  const params = kind === 'credit-note' ? { number } : undefined;
  return downloadWithSession(buildUrl(`/order/${orderId}/${kind}.pdf`, params), {
    accept: 'application/pdf',
    fallbackName: taxDocumentFileName(number),
    failure:
      kind === 'invoice'
        ? 'The invoice could not be downloaded. Please try again.'
        : 'The credit note could not be downloaded. Please try again.',
  });
}

/** The failure is shown under its button, so no toast repeats it. */
export function useDownloadTaxDocument() {
  return useMutation({ mutationFn: downloadTaxDocument, meta: { suppressErrorToast: true } });
}
