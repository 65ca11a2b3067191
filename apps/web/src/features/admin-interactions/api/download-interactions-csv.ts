import { useMutation } from '@tanstack/react-query';
import { buildUrl } from '../../../lib/api-client';
import { downloadWithSession } from '../../../lib/download-file';

/** GET /api/drug-interactions.csv (admin): the whole table in the import's format. */
export function downloadInteractionsCsv(): Promise<string> {
  return downloadWithSession(buildUrl('/drug-interactions.csv'), {
    accept: 'text/csv',
    fallbackName: 'drug-interactions.csv',
    failure: 'The interaction table could not be exported.',
  });
}

export function useDownloadInteractionsCsv() {
  return useMutation({ mutationFn: downloadInteractionsCsv });
}
