import { ApiError } from '../lib/api-client';
import { getToken } from '../lib/session';
import { CONSOLE_MESSAGES } from './api';

/** Hand the browser a file to save under `name`, through a temporary link. */
export function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name a Content-Disposition header gives (`attachment; filename="…"`), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
}

/**
 * Fetch a file the admin API answers (a PDF, a CSV) with the operator's token, asking for
 * `accept`: its bytes and the name the server gave it. A failure throws the server's message.
 */
export async function fetchFile(
  path: string,
  accept: string,
): Promise<{ blob: Blob; name: string | undefined }> {
  const token = getToken();
  const res = await fetch(`/api${path}`, {
    headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => undefined);
  if (!res) throw new ApiError(0, CONSOLE_MESSAGES.loadFailed);
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(res.status, body?.message ?? CONSOLE_MESSAGES.loadFailed);
  }
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) };
}

/** Fetch a PDF and save it under the server's name (or `fallbackName`). */
export async function downloadPdf(path: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchFile(path, 'application/pdf');
  saveFile(name ?? fallbackName, blob);
}
