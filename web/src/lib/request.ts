// The one request helper every API call goes through (SPEC sections 7 and 8): base path
// /prod-api, bearer token, Accept-Language, 120 s time-out, the {code, msg, data} envelope,
// toasts for failures (a 429 says how long to wait; none for a network failure while the device
// is offline, which the offline banner says already), the 401 sign-out and a ban's answer.
import { t } from '../i18n';
import { formatWait } from '../i18n/format';
import { getStoredLanguage } from '../i18n/languages';
import { isOnline } from './connectivity';
import { paths } from './paths';
import { clearSession, getToken, navigate } from './session';
import { StorageKey, getString, setString } from './storage';
import { type Suspension, isSuspension, rememberSuspension } from './suspension';
import { showToast } from './toast';

export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT_MS = 120_000;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** Seconds to wait before trying again (`Retry-After` of a 429), when the server said. */
  readonly retryAfter: number | null;
  /** The toast that told the person, if one did: the caller takes it down once it is stale. */
  toastId: number | null = null;
  constructor(
    code: number,
    message: string,
    data: unknown = null,
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.retryAfter = retryAfter;
  }
}

/** Seconds of a `Retry-After` header given in seconds; null when absent or a date. */
export function parseRetryAfter(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The message to show for a failure: a 429 says how long to wait, in the person's language. */
export function failureMessage(error: ApiError): string {
  const msg = error.message || t('errors.generic');
  if (error.code !== 429 || error.retryAfter === null) return msg;
  return `${msg} ${t('errors.retryIn', { wait: formatWait(error.retryAfter) })}`;
}

/** A membership-only feature refused to a non-member: 403 with `data: {upgrade: true}`. */
export function isUpgradeError(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.code === 403 &&
    typeof err.data === 'object' &&
    err.data !== null &&
    (err.data as { upgrade?: unknown }).upgrade === true
  );
}

/** What a refusal says is missing (400 'Insufficient coins...' or '... character pack...'):
 * `data.recharge` names the recharge page's tab that buys it. */
export function rechargeNeeded(data: unknown): 'gold' | 'character' | null {
  const tab =
    typeof data === 'object' && data !== null ? (data as { recharge?: unknown }).recharge : null;
  return tab === 'gold' || tab === 'character' ? tab : null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Scalar = string | number | boolean | null | undefined;

export interface RequestOptions {
  url: string;
  method?: Method;
  /** Query string parameters. */
  params?: Record<string, Scalar>;
  /** Body: JSON unless `form` is set. */
  data?: unknown;
  /** Send the body form-encoded (application/x-www-form-urlencoded). */
  form?: boolean;
  /** Leave a 401 to the caller instead of signing out (login and account switching do). */
  handleUnauthorized?: boolean;
  /** Do not toast the failure (the caller shows it). */
  silent?: boolean;
  /**
   * Do not toast a 403 membership answer (`data.upgrade`): the caller shows its 'Upgrade now'
   * panel instead. Other failures still toast.
   */
  quietUpgrade?: boolean;
  /** Use this token instead of the stored one. */
  token?: string;
  signal?: AbortSignal;
}

function buildUrl(url: string, params?: Record<string, Scalar>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null) query.append(k, String(v));
  }
  const qs = query.toString();
  return `${API_BASE}${url}${qs ? `${url.includes('?') ? '&' : '?'}${qs}` : ''}`;
}

function formBody(data: unknown): URLSearchParams {
  const body = new URLSearchParams();
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, Scalar>)) {
      if (v !== undefined && v !== null) body.append(k, String(v));
    }
  }
  return body;
}

/**
 * What a ban's answer does, on any call: the session is cleared without "Login has expired",
 * and the suspension page says why, until when, and how to appeal.
 */
export function signOutSuspended(suspension: Suspension): void {
  setString(StorageKey.IS_SHOWING_MODAL, 'true');
  rememberSuspension(suspension);
  clearSession();
  const here = globalThis.location?.pathname ?? '';
  if (here !== paths.suspended) navigate(paths.suspended);
}

/**
 * What a 401 does: clear the session and go to login, telling the person once. On the
 * suspension page, a call still on its way when the ban signed her out changes nothing there.
 */
export function signOutExpired(): void {
  const here = globalThis.location?.pathname ?? '';
  if (here === paths.suspended) {
    clearSession();
    return;
  }
  const alreadyShowing = getString(StorageKey.IS_SHOWING_MODAL) === 'true';
  setString(StorageKey.IS_SHOWING_MODAL, 'true');
  clearSession();
  if (!alreadyShowing) showToast(t('errors.sessionExpired'), 'error');
  if (here !== paths.login) navigate(paths.login);
}

export async function request<T>(options: RequestOptions): Promise<T> {
  const {
    method = 'GET',
    data,
    form = false,
    handleUnauthorized = true,
    silent = false,
    quietUpgrade = false,
  } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': getStoredLanguage().abbr,
  };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (method !== 'GET' && data !== undefined) {
    if (form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = formBody(data);
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(data);
    }
  } else if (method !== 'GET' && form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = '';
  }

  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  let envelope: Envelope<T>;
  let retryAfter: number | null;
  try {
    const response = await fetch(buildUrl(options.url, options.params), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
    retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
    const text = await response.text();
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      // Not our envelope: a proxy's or the body limit's answer, in English at best.
      const msg = response.status === 413 ? t('errors.tooLarge') : response.statusText || text;
      envelope = { code: response.status, msg, data: null as T };
    }
    if (typeof envelope?.code !== 'number') {
      envelope = {
        code: response.status,
        msg: response.statusText,
        data: envelope as unknown as T,
      };
    }
  } catch (err) {
    const timedOut = controller.signal.aborted && !options.signal?.aborted;
    const message = timedOut
      ? t('errors.timeout')
      : err instanceof Error
        ? err.message
        : String(err);
    const error = new ApiError(0, message);
    if (!options.signal?.aborted && !silent && (timedOut || isOnline())) {
      error.toastId = showToast(message, 'error');
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }

  if (envelope.code === 200) return envelope.data;
  if (envelope.code === 401 && handleUnauthorized) {
    signOutExpired();
    throw new ApiError(401, envelope.msg, envelope.data);
  }
  if (isSuspension(envelope.code, envelope.data)) {
    signOutSuspended(envelope.data);
    throw new ApiError(403, envelope.msg, envelope.data);
  }
  const error = new ApiError(envelope.code, envelope.msg, envelope.data, retryAfter);
  if (!silent && !(quietUpgrade && isUpgradeError(error))) {
    error.toastId = showToast(failureMessage(error), 'error');
  }
  throw error;
}
