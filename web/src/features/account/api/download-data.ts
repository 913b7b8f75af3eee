// Downloading my data (GET /system/user/export): the server answers a zip archive, not the
// {code, msg, data} envelope, so this fetches it with the session itself and saves the bytes as
// a file; a refusal (401, the 429 of its hourly limit) is still an envelope and is told as the
// request helper tells any other.
import { useMutation } from '@tanstack/react-query';
import { t } from '../../../i18n';
import { getStoredLanguage } from '../../../i18n/languages';
import {
  API_BASE,
  ApiError,
  failureMessage,
  parseRetryAfter,
  signOutExpired,
  type Envelope,
} from '../../../lib/request';
import { getToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';

export const EXPORT_URL = `${API_BASE}/system/user/export`;

/** The file name a `Content-Disposition: attachment; filename="..."` gives, if any. */
export function attachmentName(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/** Saves bytes as a download through a link with `download`, the way every browser allows. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed past this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches the archive of my data and saves it. Throws an ApiError for a refusal after telling
 * the person (a 401 signs out; a 429 says how long to wait).
 */
export async function downloadMyData(): Promise<string> {
  const headers: Record<string, string> = { 'Accept-Language': getStoredLanguage().abbr };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(EXPORT_URL, { headers });
  } catch (err) {
    const error = new ApiError(0, err instanceof Error ? err.message : String(err));
    error.toastId = showToast(error.message, 'error');
    throw error;
  }
  if (!response.ok) {
    let envelope: Envelope<unknown> | null = null;
    try {
      envelope = (await response.json()) as Envelope<unknown>;
    } catch {
      // Not our envelope (a proxy's answer): its status is all there is.
    }
    const code = envelope?.code ?? response.status;
    const msg = envelope?.msg || response.statusText || t('errors.generic');
    if (code === 401) {
      signOutExpired();
      throw new ApiError(401, msg);
    }
    const error = new ApiError(
      code,
      msg,
      envelope?.data ?? null,
      parseRetryAfter(response.headers.get('Retry-After')),
    );
    error.toastId = showToast(failureMessage(error), 'error');
    throw error;
  }
  const name = attachmentName(response.headers.get('Content-Disposition')) ?? 'amora-data.zip';
  saveBlob(await response.blob(), name);
  return name;
}

export function useDownloadMyData() {
  return useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => showToast(t('settings.downloadedData'), 'success'),
  });
}
