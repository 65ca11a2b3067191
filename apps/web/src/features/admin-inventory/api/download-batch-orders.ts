import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getSessionToken } from '../../../lib/auth-session';
import { batchOrdersCsvUrl } from './get-batch-orders';

/** The file name the server gives in Content-Disposition, else a name of our own. */
export function csvFileName(disposition: string | null, batchId: number): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? `batch-${batchId}-orders.csv`;
}

async function errorMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/inventory/batches/{id}/orders.csv as a download. The endpoint is admin-only and the
 * session is a Bearer token, which a plain link cannot send: the file is fetched with it and
 * handed to the browser from an object URL.
 */
export async function downloadBatchOrdersCsv(batchId: number): Promise<string> {
  const token = getSessionToken();
  const response = await fetch(batchOrdersCsvUrl(batchId), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      (await errorMessage(response)) ?? 'The CSV file could not be downloaded.',
    );
  }
  const name = csvFileName(response.headers.get('content-disposition'), batchId);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useDownloadBatchOrdersCsv() {
  return useMutation({ mutationFn: downloadBatchOrdersCsv });
}
