// Publishing a dynamic: each photo goes up first (with its progress), then the post names them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../i18n';
import { getStoredLanguage } from '../../../i18n/languages';
import { api } from '../../../lib/api';
import {
  API_BASE,
  ApiError,
  type Envelope,
  REQUEST_TIMEOUT_MS,
  failureMessage,
  signOutExpired,
} from '../../../lib/request';
import { getToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { prependDynamic } from './cache';
import { feedKeys } from './keys';
import type { Dynamic } from './types';

/** A stored photo: its address, its thumbnail and the key a dynamic names it by. */
export interface UploadedImage {
  url: string;
  thumb: string;
  key: string;
}

/**
 * POST /common/image/uploads/base64 {image}: stores one photo (re-encoded, metadata stripped).
 * Sent with XMLHttpRequest, whose upload events tell how much has gone (fetch cannot); otherwise
 * it behaves as every request does: same headers, same envelope, same toasts.
 */
export function uploadImage(
  dataUrl: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/common/image/uploads/base64`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getStoredLanguage().abbr);
    xhr.setRequestHeader('Content-Type', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const fail = (error: ApiError) => {
      if (!signal?.aborted) error.toastId = showToast(failureMessage(error), 'error');
      reject(error);
    };
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let envelope: Envelope<UploadedImage> | null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadedImage>;
      } catch {
        envelope = null;
      }
      const code = typeof envelope?.code === 'number' ? envelope.code : xhr.status;
      if (code === 200 && envelope) {
        onProgress(1);
        resolve(envelope.data);
        return;
      }
      if (code === 401) {
        signOutExpired();
        reject(new ApiError(401, envelope?.msg ?? ''));
        return;
      }
      const msg = envelope?.msg || (xhr.status === 413 ? t('errors.tooLarge') : xhr.statusText);
      fail(new ApiError(code, msg, envelope?.data ?? null));
    };
    xhr.onerror = () => fail(new ApiError(0, t('feed.uploadFailed')));
    xhr.ontimeout = () => fail(new ApiError(0, t('errors.timeout')));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(JSON.stringify({ image: dataUrl }));
  });
}

export interface NewDynamic {
  content: string;
  /** Keys of photos uploaded first. */
  images: string[];
}

/** POST /system/dynamic {content, images}: answers the stored dynamic. */
export function publishDynamic(input: NewDynamic): Promise<Dynamic> {
  return api.post('/system/dynamic', { body: input });
}

export function usePublishDynamic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishDynamic,
    onSuccess: (dynamic) => {
      prependDynamic(client, dynamic);
      void client.invalidateQueries({ queryKey: feedKeys.latest(dynamic.userId) });
    },
  });
}
