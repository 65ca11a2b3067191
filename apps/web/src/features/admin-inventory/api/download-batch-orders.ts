import { useMutation } from '@tanstack/react-query';
import { downloadWithSession, fileNameFrom } from '../../../lib/download-file';
import { batchOrdersCsvUrl } from './get-batch-orders';

/** The file name the server gives in Content-Disposition, else a name of our own. */
export const csvFileName = (disposition: string | null, batchId: number): string =>
  fileNameFrom(disposition, `batch-${batchId}-orders.csv`);

/** GET /api/inventory/batches/{id}/orders.csv as a download (admin only, with the session). */
export function downloadBatchOrdersCsv(batchId: number): Promise<string> {
  return downloadWithSession(batchOrdersCsvUrl(batchId), {
    accept: 'text/csv',
    fallbackName: `batch-${batchId}-orders.csv`,
    failure: 'The CSV file could not be downloaded.',
  });
}

export function useDownloadBatchOrdersCsv() {
  return useMutation({ mutationFn: downloadBatchOrdersCsv });
}
