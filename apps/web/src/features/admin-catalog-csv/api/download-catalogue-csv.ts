import { useMutation } from '@tanstack/react-query';
import { buildUrl } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download-file';

/** GET /api/catalog/products.csv (admin, issue 18 point 4): every product, as a download. */
export function downloadCatalogueCsv(): Promise<string> {
  return downloadWithSession(buildUrl('/catalog/products.csv'), {
    accept: 'text/csv',
    fallbackName: 'catalogue.csv',
    failure: 'The catalogue could not be exported.',
  });
}

export function useDownloadCatalogueCsv() {
  return useMutation({ mutationFn: downloadCatalogueCsv });
}
