// Reports the page's own uncaught errors (window `error` and `unhandledrejection`) to
// POST /system/error/html/add, so that a fault people meet is seen by the team. A report never
// bothers the person: no toast, no sign-out, nothing thrown; a page sends at most
// MAX_REPORTS reports and never the same message twice, and a fault of the reporting itself is
// never reported.
import { API_BASE } from './request';
import { getToken } from './session';

export const MAX_REPORTS = 5;
export const REPORT_PATH = '/system/error/html/add';

/** Limits of the server: longer text is cut there anyway, so it is not sent. */
const MESSAGE_MAX = 1000;
const STACK_MAX = 8000;
const URL_MAX = 2000;

export interface ErrorReport {
  message: string;
  stack?: string;
  url: string;
  userAgent?: string;
}

/** Which reports a page load may still send: at most `max`, each message once. */
export class ReportBudget {
  private readonly seen = new Set<string>();
  constructor(private readonly max = MAX_REPORTS) {}

  /** True (and counted) when this message may be sent now. */
  take(message: string): boolean {
    if (this.seen.size >= this.max || this.seen.has(message)) return false;
    this.seen.add(message);
    return true;
  }
}

/** What a thrown value says, as a report (null when there is nothing worth sending). */
export function describeFault(
  reason: unknown,
  fallbackMessage = '',
): Pick<ErrorReport, 'message' | 'stack'> | null {
  // A refusal the server sent back is known to the server: not a fault of the page.
  if (reason instanceof Error && reason.name === 'ApiError') return null;
  let message = fallbackMessage;
  let stack: string | undefined;
  if (reason instanceof Error) {
    message = `${reason.name}: ${reason.message}`;
    stack = reason.stack;
  } else if (typeof reason === 'string') {
    message = reason;
  } else if (reason !== undefined && reason !== null && !message) {
    try {
      message = JSON.stringify(reason) ?? String(reason);
    } catch {
      message = String(reason);
    }
  }
  message = message.trim();
  if (!message) return null;
  return {
    message: message.slice(0, MESSAGE_MAX),
    ...(stack ? { stack: stack.slice(0, STACK_MAX) } : {}),
  };
}

/** Sends one report with plain fetch (no toast, no 401 sign-out); any failure is swallowed. */
function send(report: ErrorReport): void {
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    void fetch(`${API_BASE}${REPORT_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Nothing to do: a report that cannot be sent is dropped.
  }
}

let installed = false;

/** Listens for the page's uncaught errors and reports them; installing twice does nothing. */
export function installErrorReporter(
  target: Window = window,
  budget: ReportBudget = new ReportBudget(),
): void {
  if (installed) return;
  installed = true;
  let reporting = false;
  const report = (reason: unknown, fallbackMessage?: string) => {
    // An error raised while a report is being made is the reporter's own: never reported.
    if (reporting) return;
    reporting = true;
    try {
      const described = describeFault(reason, fallbackMessage);
      if (!described || !budget.take(described.message)) return;
      send({
        ...described,
        url: String(target.location?.href ?? '').slice(0, URL_MAX),
        userAgent: target.navigator?.userAgent,
      });
    } catch {
      // Reporting must never add a fault of its own.
    } finally {
      reporting = false;
    }
  };
  target.addEventListener('error', (event: ErrorEvent) => {
    // A resource that failed to load (an <img>) also fires `error`, without a message: skip it.
    if (!(event instanceof ErrorEvent)) return;
    report(event.error, event.message);
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    report(event.reason, 'Unhandled promise rejection');
  });
}

/** Forgets the installation (tests install a fresh reporter each time). */
export function resetErrorReporterForTests(): void {
  installed = false;
}
