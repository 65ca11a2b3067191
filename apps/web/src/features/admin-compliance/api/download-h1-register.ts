import { useMutation } from '@tanstack/react-query';
import type { H1RegisterQuery } from '@pharmacy/shared';
import { ApiError } from '../../../lib/api-client';
import { getSessionToken } from '../../../lib/auth-session';
import { h1RegisterCsvUrl } from './get-h1-register';

type Range = Pick<H1RegisterQuery, 'from' | 'to'>;

/** The file name the server gives in Content-Disposition, else one of our own. */
export function registerFileName(disposition: string | null, range: Range): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? `h1-register-${range.from}-to-${range.to}.csv`;
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
 * GET /api/compliance/register.csv as a download. The endpoint is admin-only and the session is
 * a Bearer token, which a plain link cannot send: the file is fetched with it and handed to the
 * browser from an object URL. Answers the file's name.
 */
export async function downloadH1RegisterCsv(range: Range): Promise<string> {
  const token = getSessionToken();
  const response = await fetch(h1RegisterCsvUrl(range), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    throw new ApiError(
      response.status,
      (await errorMessage(response)) ?? 'The register could not be downloaded.',
    );
  }
  const name = registerFileName(response.headers.get('content-disposition'), range);
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

export function useDownloadH1RegisterCsv() {
  return useMutation({ mutationFn: downloadH1RegisterCsv });
}
