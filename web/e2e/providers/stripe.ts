// A local stand-in for Stripe's API (Checkout Sessions) and its hosted Checkout page, speaking
// Stripe's wire format: form-encoded requests with bracketed keys, the secret key as a bearer
// token, Idempotency-Key, and session objects. Paying by card is paid at once; paying later is
// complete but unpaid first (the provider has not confirmed the money yet) and paid a few
// seconds after.
import {
  CallLog,
  type StandIn,
  bearer,
  checkoutPage,
  escapeHtml,
  html,
  json,
  redirect,
  serve,
} from './http';

export const STRIPE_SECRET_KEY = 'sk_test_e2e';
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e';
/** How long a pay-later payment waits before the provider confirms the money. */
export const PAY_LATER_CONFIRMS_AFTER_MS = 5_000;

const PAY_LATER = ['klarna', 'afterpay_clearpay', 'affirm'];

interface Session {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string;
  payment_intent: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** Not Stripe's: what the page shows as the line item. */
  productName: string;
}

function stripeError(message: string, param?: string) {
  return { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } };
}

export async function startStripe(): Promise<StandIn & { log: CallLog }> {
  const log = new CallLog();
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  let count = 0;
  let base = '';

  const view = ({ productName: _, ...session }: Session) => session;

  const standIn = await serve(log, /^\/pay\//, ({ req, url, body, res }) => {
    const path = url.pathname;

    const page = /^\/pay\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
    if (page) {
      const session = sessions.get(page[1] ?? '');
      if (!session) {
        json(res, 404, stripeError('No such checkout.session'));
        return;
      }
      if (req.method === 'GET') {
        html(res, checkoutPage(payPage(session)));
        return;
      }
      if (req.method === 'POST' && session.status === 'open') {
        count += 1;
        session.status = 'complete';
        session.payment_intent = `pi_e2e${count}`;
        session.url = null;
        if (session.payment_method_types.includes('card')) {
          session.payment_status = 'paid';
        } else {
          setTimeout(() => (session.payment_status = 'paid'), PAY_LATER_CONFIRMS_AFTER_MS);
        }
      }
      redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
      return;
    }

    if (bearer(req) !== STRIPE_SECRET_KEY) {
      log.problem(
        `${req.method} ${path}: not the secret key (${req.headers.authorization ?? 'none'})`,
      );
      json(res, 401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${bearer(req) ?? ''}`,
        },
      });
      return;
    }

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) log.problem('create session: no Idempotency-Key header');
      else {
        const known = sessions.get(byIdempotencyKey.get(key) ?? '');
        if (known) {
          json(res, 200, view(known));
          return;
        }
      }
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        log.problem(`create session: content type ${req.headers['content-type'] ?? 'none'}`);
      }
      const form = new URLSearchParams(body);
      const need = (name: string, test: (v: string) => boolean = (v) => v.length > 0) => {
        const value = form.get(name);
        if (value === null || !test(value)) {
          throw Object.assign(new Error(`${name}=${value ?? '(missing)'}`), { param: name });
        }
        return value;
      };
      let session: Session;
      try {
        need('mode', (v) => v === 'payment');
        const orderId = need('client_reference_id');
        need('metadata[order_id]', (v) => v === orderId);
        need('payment_intent_data[metadata][order_id]', (v) => v === orderId);
        need('line_items[0][quantity]', (v) => v === '1');
        const currency = need('line_items[0][price_data][currency]', (v) => /^[a-z]{3}$/.test(v));
        const amount = need('line_items[0][price_data][unit_amount]', (v) => /^[1-9]\d*$/.test(v));
        const name = need('line_items[0][price_data][product_data][name]');
        const success = need('success_url', (v) => v.includes('{CHECKOUT_SESSION_ID}'));
        const cancel = need('cancel_url');
        const methods: string[] = [];
        for (let i = 0; form.has(`payment_method_types[${i}]`); i++) {
          methods.push(form.get(`payment_method_types[${i}]`) ?? '');
        }
        const known = ['card', ...PAY_LATER];
        if (!methods.length || methods.some((m) => !known.includes(m))) {
          throw Object.assign(new Error(`payment_method_types=${methods.join(',')}`), {
            param: 'payment_method_types',
          });
        }
        const isCard = methods.length === 1 && methods[0] === 'card';
        const isPayLater = methods.every((m) => PAY_LATER.includes(m));
        if (!isCard && !isPayLater) {
          throw Object.assign(
            new Error(`card and pay later in one session: ${methods.join(',')}`),
            {
              param: 'payment_method_types',
            },
          );
        }
        count += 1;
        const id = `cs_test_e2e${count}${Date.now().toString(36)}`;
        session = {
          id,
          object: 'checkout.session',
          url: `${base}/pay/${id}`,
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(amount),
          currency,
          client_reference_id: orderId,
          payment_intent: null,
          payment_method_types: methods,
          metadata: { order_id: orderId },
          success_url: success,
          cancel_url: cancel,
          productName: name,
        };
      } catch (err) {
        const e = err as Error & { param?: string };
        log.problem(`create session: ${e.message}`);
        json(res, 400, stripeError(`Invalid or missing parameter: ${e.message}`, e.param));
        return;
      }
      sessions.set(session.id, session);
      if (typeof key === 'string' && key) byIdempotencyKey.set(key, session.id);
      json(res, 200, view(session));
      return;
    }

    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = one ? sessions.get(one[1] ?? '') : undefined;
    if (one && !session) {
      json(res, 404, stripeError(`No such checkout.session: '${one[1] ?? ''}'`, 'session'));
      return;
    }
    if (session && req.method === 'GET' && !one?.[2]) {
      json(res, 200, view(session));
      return;
    }
    if (session && req.method === 'POST' && one?.[2]) {
      if (session.status !== 'open') {
        json(
          res,
          400,
          stripeError(`Only Checkout Sessions with a status in ["open"] can be expired.`),
        );
        return;
      }
      session.status = 'expired';
      session.url = null;
      json(res, 200, view(session));
      return;
    }

    log.problem(`unknown call ${req.method} ${path}`);
    json(res, 404, stripeError(`Unrecognized request URL (${req.method}: ${path}).`));
  });
  base = standIn.url;
  return { ...standIn, log };
}

function payPage(session: Session) {
  const price = `$${(session.amount_total / 100).toFixed(2)}`;
  const card = session.payment_method_types.includes('card');
  const closed = session.status !== 'open';
  const methods = card
    ? `<p class="muted">Card ending in 4242</p>`
    : `<fieldset><legend>Pay later with</legend>${session.payment_method_types
        .map(
          (m, i) =>
            `<label><input type="radio" name="method" value="${m}"${i === 0 ? ' checked' : ''}> ${
              { klarna: 'Klarna', afterpay_clearpay: 'Afterpay', affirm: 'Affirm' }[m] ?? m
            }</label>`,
        )
        .join('')}</fieldset>`;
  return {
    title: 'Stripe Checkout',
    brand: 'stripe',
    colour: '#635bff',
    body: `
<p class="muted">Amora</p>
<p>${escapeHtml(session.productName)}</p>
<p class="amount" data-testid="stripe-amount">${escapeHtml(price)}</p>
${
  closed
    ? '<p>This checkout session is no longer open.</p>'
    : `${methods}
<form method="post" action="/pay/${session.id}">
  <button type="submit">Pay</button>
</form>
<a href="${escapeHtml(session.cancel_url)}">Back</a>`
}`,
  };
}
