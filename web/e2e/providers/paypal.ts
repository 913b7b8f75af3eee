// A local stand-in for PayPal's REST API (the subset a PayPal Checkout integration uses) and its
// approval page, speaking PayPal's wire format: an OAuth client-credentials token, Orders v2
// (create with a PayPal-Request-Id, read, capture), the buyer's approval page with Pay now and
// Cancel and return, and webhook signature verification (of the event exactly as the webhook
// carried it, which must be one JSON object). POST /__e2e/decline makes the next capture fail as
// a declined funding source does; POST /__e2e/revoke makes PayPal stop taking every access token
// it handed out (a rotated secret): the server answers the 401 by fetching one new token.
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
  withQuery,
} from './http';

export const PAYPAL_CLIENT_ID = 'e2e-client';
export const PAYPAL_SECRET = 'e2e-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-E2E';
/** The payer every approval names. */
export const PAYPAL_PAYER_ID = 'PAYER1';

type Status = 'CREATED' | 'APPROVED' | 'COMPLETED';

interface Amount {
  currency_code: string;
  value: string;
}

interface PayPalOrder {
  id: string;
  status: Status;
  referenceId: string;
  customId: string;
  description: string;
  amount: Amount;
  returnUrl: string;
  cancelUrl: string;
  captureId: string | null;
}

const AUTH_FAILURE = {
  name: 'AUTHENTICATION_FAILURE',
  message:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
};

/** A PayPal order id: 17 characters of digits and capitals. */
function orderId(n: number): string {
  const tail = `${Date.now().toString(36)}${n}`.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return `7E${tail}`.padEnd(17, 'X').slice(0, 17);
}

function invalid(issue: string, field: string) {
  return {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    details: [{ field, issue, description: `${field}: ${issue}` }],
  };
}

export async function startPayPal(): Promise<StandIn & { log: CallLog }> {
  const log = new CallLog();
  const tokens = new Set<string>();
  const orders = new Map<string, PayPalOrder>();
  const byRequestId = new Map<string, string>();
  /** Captures by PayPal-Request-Id: the same request again answers the same. */
  const captured = new Map<string, unknown>();
  let count = 0;
  let base = '';
  let declineNextCapture = false;

  const view = (o: PayPalOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        reference_id: o.referenceId,
        custom_id: o.customId,
        description: o.description,
        amount: o.amount,
        ...(o.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: o.captureId,
                    status: 'COMPLETED',
                    amount: o.amount,
                    custom_id: o.customId,
                    final_capture: true,
                  },
                ],
              },
            }
          : {}),
      },
    ],
    ...(o.status !== 'CREATED'
      ? { payer: { payer_id: PAYPAL_PAYER_ID, email_address: 'buyer@example.com' } }
      : {}),
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'CREATED'
        ? [{ href: `${base}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
      ...(o.status === 'APPROVED'
        ? [{ href: `${base}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' }]
        : []),
    ],
  });

  const standIn = await serve(log, /^\/checkoutnow/, ({ req, url, body, res }) => {
    const path = url.pathname;

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_SECRET}`).toString('base64');
      if (req.headers.authorization !== `Basic ${expected}`) {
        log.problem(`token: bad client credentials (${req.headers.authorization ?? 'none'})`);
        json(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
        return;
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        log.problem(`token: body ${JSON.stringify(body)} is not grant_type=client_credentials`);
        json(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant type' });
        return;
      }
      const token = `A21AAE2E${tokens.size + 1}${Date.now().toString(36)}`;
      tokens.add(token);
      json(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${new Date().toISOString()}e2e`,
      });
      return;
    }

    if (req.method === 'GET' && path === '/checkoutnow') {
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) {
        html(
          res,
          checkoutPage({
            title: 'PayPal',
            brand: 'PayPal',
            colour: '#003087',
            body: '<p>This checkout is unknown.</p>',
          }),
        );
        return;
      }
      const price = `$${order.amount.value} ${order.amount.currency_code}`;
      html(
        res,
        checkoutPage({
          title: 'PayPal Checkout',
          brand: 'PayPal',
          colour: '#003087',
          body: `
<p class="muted">Pay Amora</p>
<p class="amount" data-testid="paypal-amount">${escapeHtml(price)}</p>
<p>${escapeHtml(order.description)}</p>
<p class="muted">Paying as buyer@example.com</p>
<form method="post" action="/checkoutnow/approve?token=${order.id}">
  <button type="submit">Pay now</button>
</form>
<a href="${escapeHtml(withQuery(order.cancelUrl, `token=${order.id}`))}">Cancel and return to Amora</a>`,
        }),
      );
      return;
    }

    if (req.method === 'POST' && path === '/checkoutnow/approve') {
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) {
        json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
        return;
      }
      if (order.status === 'CREATED') order.status = 'APPROVED';
      redirect(res, withQuery(order.returnUrl, `token=${order.id}&PayerID=${PAYPAL_PAYER_ID}`));
      return;
    }

    if (req.method === 'POST' && path === '/__e2e/decline') {
      declineNextCapture = true;
      json(res, 200, { declineNextCapture });
      return;
    }

    if (req.method === 'POST' && path === '/__e2e/revoke') {
      tokens.clear();
      json(res, 200, { revoked: true });
      return;
    }

    // Everything else is the REST API, behind the access token.
    const token = bearer(req);
    if (!token || !tokens.has(token)) {
      log.problem(`${req.method} ${path}: no valid access token (${token ?? 'none'})`);
      json(res, 401, AUTH_FAILURE);
      return;
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      // The event goes back as the webhook's own text: a JSON object, not a string holding one.
      let event: unknown;
      try {
        event = (JSON.parse(body) as { webhook_event?: unknown }).webhook_event;
      } catch {
        event = undefined;
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) {
        log.problem('verify-webhook-signature: webhook_event is not the event object');
        json(res, 400, invalid('INVALID_PARAMETER_SYNTAX', '/webhook_event'));
        return;
      }
      json(res, 200, { verification_status: 'SUCCESS' });
      return;
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const requestId = req.headers['paypal-request-id'];
      if (typeof requestId !== 'string' || !requestId) {
        log.problem('create order: no PayPal-Request-Id header');
      } else {
        const known = orders.get(byRequestId.get(requestId) ?? '');
        if (known) {
          json(res, 200, { ...view(known), status: 'PAYER_ACTION_REQUIRED' });
          return;
        }
      }
      const problems: [string, string][] = [];
      let parsed: {
        intent?: string;
        purchase_units?: {
          reference_id?: string;
          custom_id?: string;
          description?: string;
          amount?: Partial<Amount>;
        }[];
        payment_source?: {
          paypal?: { experience_context?: { return_url?: string; cancel_url?: string } };
        };
      } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        problems.push(['MALFORMED_REQUEST_JSON', '/']);
      }
      if (parsed.intent !== 'CAPTURE') problems.push(['INVALID_PARAMETER_VALUE', '/intent']);
      const unit = parsed.purchase_units?.[0];
      const amount = unit?.amount;
      if (!unit) problems.push(['MISSING_REQUIRED_PARAMETER', '/purchase_units']);
      if (!amount?.currency_code || !/^[A-Z]{3}$/.test(amount.currency_code)) {
        problems.push([
          'INVALID_CURRENCY_CODE',
          '/purchase_units/@reference_id=default/amount/currency_code',
        ]);
      }
      if (!amount?.value || !/^\d+(\.\d{2})?$/.test(amount.value)) {
        problems.push(['DECIMAL_PRECISION', '/purchase_units/@reference_id=default/amount/value']);
      }
      if (!unit?.custom_id)
        problems.push(['MISSING_REQUIRED_PARAMETER', '/purchase_units/0/custom_id']);
      const context = parsed.payment_source?.paypal?.experience_context;
      if (!context?.return_url) {
        problems.push([
          'MISSING_REQUIRED_PARAMETER',
          '/payment_source/paypal/experience_context/return_url',
        ]);
      }
      if (!context?.cancel_url) {
        problems.push([
          'MISSING_REQUIRED_PARAMETER',
          '/payment_source/paypal/experience_context/cancel_url',
        ]);
      }
      const [first] = problems;
      if (first) {
        log.problem(`create order: ${problems.map((p) => `${p[1]} ${p[0]}`).join(', ')}`);
        json(res, 400, invalid(first[0], first[1]));
        return;
      }
      count += 1;
      const order: PayPalOrder = {
        id: orderId(count),
        status: 'CREATED',
        referenceId: unit?.reference_id ?? 'default',
        customId: unit?.custom_id ?? '',
        description: unit?.description ?? '',
        amount: { currency_code: amount?.currency_code ?? '', value: amount?.value ?? '' },
        returnUrl: context?.return_url ?? '',
        cancelUrl: context?.cancel_url ?? '',
        captureId: null,
      };
      orders.set(order.id, order);
      if (typeof requestId === 'string' && requestId) byRequestId.set(requestId, order.id);
      json(res, 200, { ...view(order), status: 'PAYER_ACTION_REQUIRED' });
      return;
    }

    const one = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = one ? orders.get(one[1] ?? '') : undefined;
    if (one && !order) {
      json(res, 404, {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        details: [{ issue: 'INVALID_RESOURCE_ID' }],
      });
      return;
    }
    if (order && req.method === 'GET' && !one?.[2]) {
      json(res, 200, view(order));
      return;
    }
    if (order && req.method === 'POST' && one?.[2]) {
      const requestId = req.headers['paypal-request-id'];
      const again = typeof requestId === 'string' ? captured.get(requestId) : undefined;
      if (again) {
        json(res, 201, again);
        return;
      }
      if (order.status === 'COMPLETED') {
        json(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed.',
          details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
        });
        return;
      }
      if (order.status === 'APPROVED' && declineNextCapture) {
        declineNextCapture = false;
        json(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed.',
          details: [
            {
              issue: 'INSTRUMENT_DECLINED',
              description:
                'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
            },
          ],
        });
        return;
      }
      if (order.status !== 'APPROVED') {
        json(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed.',
          details: [{ issue: 'ORDER_NOT_APPROVED' }],
        });
        return;
      }
      order.status = 'COMPLETED';
      count += 1;
      order.captureId = `CAP-${count}`;
      if (typeof requestId === 'string' && requestId) captured.set(requestId, view(order));
      json(res, 201, view(order));
      return;
    }

    log.problem(`unknown call ${req.method} ${path}`);
    json(res, 404, { name: 'RESOURCE_NOT_FOUND', message: 'Not found' });
  });
  base = standIn.url;
  return { ...standIn, log };
}
