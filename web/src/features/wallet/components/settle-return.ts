// Settling the buyer's return from a provider's checkout: PayPal's payment is captured, a Stripe
// Checkout Session confirmed, a turned-back checkout cancelled. A payment the provider has not
// confirmed yet (pay later, a bank payment) is asked about again every few seconds for a minute;
// after that the provider's notification will settle it, and the buyer need not wait.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/request';
import { cancelOrder, capturePayPalOrder, confirmCheckoutSession } from '../api/orders';
import { walletKeys } from '../api/keys';
import type { Order } from '../api/types';
import type { ProviderReturn } from '../display';

/** How often an unconfirmed payment is asked about, and for how long. */
export const PENDING_POLL_MS = 3_000;
export const PENDING_LIMIT_MS = 60_000;

export type Settlement =
  | { kind: 'checking' }
  | { kind: 'paid'; order: Order }
  /** Finished at the provider, the money not confirmed yet: asking again. */
  | { kind: 'pending'; order: Order }
  /** Still not confirmed after a minute: the provider's notification will settle it. */
  | { kind: 'waiting'; order: Order }
  | { kind: 'cancelled'; order: Order }
  | { kind: 'failed'; message: string; canRetry: boolean };

function call(ret: ProviderReturn): Promise<Order> {
  if (ret.outcome === 'cancelled') return cancelOrder({ orderId: ret.orderId });
  if (ret.provider === 'paypal') return capturePayPalOrder(ret);
  return confirmCheckoutSession(ret);
}

/**
 * One request per return at a time: a page mounted twice over (React's strict mode in
 * development) shares the first one rather than capturing the same payment twice at once.
 */
const inFlight = new Map<string, Promise<Order>>();
function settle(ret: ProviderReturn): Promise<Order> {
  const key = JSON.stringify(ret);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = call(ret).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** A refusal worth repeating as it was: the provider or the network did not answer. */
function retryable(err: unknown): boolean {
  return !(err instanceof ApiError) || err.code === 0 || err.code >= 500;
}

/**
 * Settles a return and answers where it stands, and `retry` (the same call again, after a
 * failure). `onAnswer` hears every order the server answers, and whether it is settled (paid or
 * cancelled: balances changed, or the way is clear for another purchase).
 */
export function useSettleReturn(
  ret: ProviderReturn,
  onAnswer: (order: Order, settled: boolean) => void,
): { settlement: Settlement; retry: () => void } {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [settlement, setSettlement] = useState<Settlement>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const answered = useRef(onAnswer);
  useEffect(() => {
    answered.current = onAnswer;
  });
  const key = JSON.stringify(ret);

  useEffect(() => {
    const ret = JSON.parse(key) as ProviderReturn;
    const deadline = Date.now() + PENDING_LIMIT_MS;
    let stopped = false;
    let waitingForProvider = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const askAgain = () => {
      timer = setTimeout(() => void ask(), PENDING_POLL_MS);
    };

    const ask = async () => {
      let order: Order;
      try {
        order = await settle(ret);
      } catch (err) {
        if (stopped) return;
        // A refusal may have closed the order.
        void client.invalidateQueries({ queryKey: walletKeys.unfinishedOrder() });
        // A check that goes unanswered while the payment waits to be confirmed: ask again.
        if (waitingForProvider && retryable(err) && Date.now() + PENDING_POLL_MS <= deadline) {
          askAgain();
          return;
        }
        const message = err instanceof ApiError && err.message ? err.message : t('errors.generic');
        setSettlement({ kind: 'failed', message, canRetry: retryable(err) });
        return;
      }
      if (stopped) return;
      void client.invalidateQueries({ queryKey: walletKeys.unfinishedOrder() });
      if (ret.outcome === 'cancelled') {
        setSettlement({ kind: 'cancelled', order });
        answered.current(order, true);
      } else if (order.state === 'finished') {
        setSettlement({ kind: 'paid', order });
        answered.current(order, true);
      } else if (order.state === 'unfinished') {
        answered.current(order, false);
        if (Date.now() + PENDING_POLL_MS > deadline) {
          setSettlement({ kind: 'waiting', order });
        } else {
          waitingForProvider = true;
          setSettlement({ kind: 'pending', order });
          askAgain();
        }
      } else {
        answered.current(order, true);
        setSettlement({ kind: 'failed', message: t('wallet.paymentFailure'), canRetry: false });
      }
    };

    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, attempt, client, t]);

  const retry = () => {
    setSettlement({ kind: 'checking' });
    setAttempt((n) => n + 1);
  };
  return { settlement, retry };
}
