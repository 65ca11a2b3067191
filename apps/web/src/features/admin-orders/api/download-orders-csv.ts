import { useMutation } from '@tanstack/react-query';
import type { OrdersExportQuery } from '@pharmacy/shared';
import { buildUrl } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download-file';

/** GET /api/reports/orders.csv (admin, issue 18): every order line of the period's UTC days. */
export function ordersCsvUrl(range: OrdersExportQuery): string {
  return buildUrl('/reports/orders.csv', { from: range.from, to: range.to });
}

/** The file as a download with the session; answers the file's name. */
export function downloadOrdersCsv(range: OrdersExportQuery): Promise<string> {
  return downloadWithSession(ordersCsvUrl(range), {
    accept: 'text/csv',
    fallbackName: `orders-${range.from}-to-${range.to}.csv`,
    failure: 'The orders could not be exported.',
  });
}

export function useDownloadOrdersCsv() {
  return useMutation({ mutationFn: downloadOrdersCsv });
}
