import { ApiError } from './api-client';
import { getSessionToken } from './auth-session';

/** The file name the server gives in Content-Disposition, else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
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
 * An admin-only file (CSV exports) as a download. The session is a Bearer token, which a plain
 * link cannot send: the file is fetched with it and handed to the browser from an object URL.
 * Answers the file's name.
 */
export async function downloadWithSession(
  url: string,
  options: { accept: string; fallbackName: string; failure: string },
): Promise<string> {
  const token = getSessionToken();
  const response = await fetch(url, {
    headers: { Accept: options.accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    throw new ApiError(response.status, (await errorMessage(response)) ?? options.failure);
  }
  const name = fileNameFrom(response.headers.get('content-disposition'), options.fallbackName);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return name;
}
