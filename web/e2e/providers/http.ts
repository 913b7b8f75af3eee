// What the payment providers' local stand-ins share: a loopback HTTP server, request bodies,
// JSON and HTML answers, and a record of what was asked of them. Each stand-in writes down
// anything in a request that its provider would refuse (`problems`); the stories read the
// record at /__e2e/log and expect no problems. POST /__e2e/outage?on=1 makes the provider's API
// answer 503 (its pages still open) until ?on=0.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
  status: number;
}

export interface Exchange {
  req: http.IncomingMessage;
  url: URL;
  body: string;
  res: http.ServerResponse;
}

export type Handler = (x: Exchange) => void | Promise<void>;

export interface StandIn {
  url: string;
  close: () => Promise<void>;
}

export class CallLog {
  readonly seen: Seen[] = [];
  readonly problems: string[] = [];
  /** The API is down: every call answers 503. */
  outage = false;

  /** Something the provider would refuse: written down, and answered as the provider would. */
  problem(what: string) {
    this.problems.push(what);
  }
}

export function json(res: http.ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function html(res: http.ServerResponse, page: string) {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(page);
}

export function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** `url` with `extra` appended to its query. */
export function withQuery(url: string, extra: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${extra}`;
}

/** The bearer token of a request, if it has one. */
export function bearer(req: http.IncomingMessage): string | null {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Starts a stand-in on a free loopback port; /__e2e/log answers what it saw and its problems.
 * `pages` are the buyer's pages, which an outage of the API leaves open.
 */
export async function serve(record: CallLog, pages: RegExp, handle: Handler): Promise<StandIn> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/__e2e/log') {
        json(res, 200, { seen: record.seen, problems: record.problems });
        return;
      }
      if (url.pathname === '/__e2e/outage' && req.method === 'POST') {
        record.outage = url.searchParams.get('on') === '1';
        json(res, 200, { outage: record.outage });
        return;
      }
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204);
        res.end();
        return;
      }
      res.on('finish', () =>
        record.seen.push({
          method: req.method ?? '',
          path: `${url.pathname}${url.search}`,
          headers: {
            authorization: req.headers.authorization,
            'content-type': req.headers['content-type'],
            'paypal-request-id': req.headers['paypal-request-id'] as string | undefined,
            'idempotency-key': req.headers['idempotency-key'] as string | undefined,
          },
          body,
          status: res.statusCode,
        }),
      );
      if (record.outage && !pages.test(url.pathname)) {
        json(res, 503, { error: 'service unavailable' });
        return;
      }
      Promise.resolve(handle({ req, url, body, res })).catch((err: unknown) => {
        record.problem(`${req.method} ${url.pathname}: ${String(err)}`);
        if (!res.headersSent) json(res, 500, { error: 'stand-in failed' });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A checkout page's frame: the provider's name and colours, the order, and its actions. */
export function checkoutPage(opts: {
  title: string;
  brand: string;
  colour: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f5f7fa; color: #1a1f36; }
  header { padding: 18px 20px; background: ${opts.colour}; color: #fff; font-weight: 800;
    font-size: 1.3rem; letter-spacing: 0.02em; }
  main { max-width: 440px; margin: 24px auto; padding: 0 16px; }
  .card { padding: 22px; border-radius: 14px; background: #fff;
    box-shadow: 0 2px 14px rgb(0 0 0 / 8%); }
  .amount { margin: 4px 0 14px; font-size: 2rem; font-weight: 800; }
  .muted { color: #5b6478; }
  button { width: 100%; min-height: 48px; margin-top: 18px; border: 0; border-radius: 999px;
    background: ${opts.colour}; color: #fff; font: inherit; font-weight: 700; font-size: 1.05rem;
    cursor: pointer; }
  a { display: block; margin-top: 14px; text-align: center; color: ${opts.colour}; }
  fieldset { margin: 14px 0 0; padding: 10px 12px; border: 1px solid #d8dde6;
    border-radius: 10px; }
  label { display: block; padding: 4px 0; }
</style>
</head>
<body>
<header>${escapeHtml(opts.brand)}</header>
<main><div class="card">${opts.body}</div></main>
</body>
</html>`;
}
