import { useMutation } from '@tanstack/react-query';
import type { H1RegisterQuery } from '@pharmacy/shared';
import { downloadWithSession, fileNameFrom } from '../../../lib/download-file';
import { h1RegisterCsvUrl } from './get-h1-register';

type Range = Pick<H1RegisterQuery, 'from' | 'to'>;

const fallbackName = (range: Range) => `h1-register-${range.from}-to-${range.to}.csv`;

/** The file name the server gives in Content-Disposition, else one of our own. */
export const registerFileName = (disposition: string | null, range: Range): string =>
  fileNameFrom(disposition, fallbackName(range));

/** GET /api/compliance/register.csv as a download (admin only, with the session). */
export function downloadH1RegisterCsv(range: Range): Promise<string> {
  return downloadWithSession(h1RegisterCsvUrl(range), {
    accept: 'text/csv',
    fallbackName: fallbackName(range),
    failure: 'The register could not be downloaded.',
  });
}

export function useDownloadH1RegisterCsv() {
  return useMutation({ mutationFn: downloadH1RegisterCsv });
}
