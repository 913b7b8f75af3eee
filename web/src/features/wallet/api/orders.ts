// Orders: creating one, the unfinished one, and settling a checkout: the TEST checkout's answer,
// the buyer back from PayPal or Stripe, or a cancel.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './keys';
import type { Order, PayType } from './types';

/**
 * GET /order/createOrder: gold pays at once ('Payment successful', or 400 'Insufficient coins,
 * please recharge!'); a redirect method answers the checkout URL to send the buyer to (503 when
 * the provider does not answer); an order while another is unfinished is a 409. The caller shows
 * every refusal itself.
 */
export function createOrder(productId: number, payType: PayType): Promise<Order> {
  return api.get('/order/createOrder', { query: { productId, payType }, silent: true });
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, payType }: { productId: number; payType: PayType }) =>
      createOrder(productId, payType),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.unfinishedOrder() }),
  });
}

/** GET /order/app/getOrder: my unfinished order (to finish or cancel), or null. */
export function getUnfinishedOrder(): Promise<Order | null> {
  return api.get('/order/app/getOrder');
}

export const unfinishedOrderQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.unfinishedOrder(),
    queryFn: getUnfinishedOrder,
  });

export function useUnfinishedOrder(enabled = true) {
  return useQuery({ ...unfinishedOrderQueryOptions(), enabled });
}

/** The TEST checkout's answer: the order and its checkout token. */
export interface CheckoutReturn {
  orderId: number;
  token: string;
}

/** GET /order/success: the TEST checkout approved the payment ('Payment successful'). */
export function confirmOrder({ orderId, token }: CheckoutReturn): Promise<Order> {
  return api.get('/order/success', { query: { orderId, token }, silent: true });
}

/** The buyer back from PayPal: our order and PayPal's order (`token`) that was approved. */
export interface PayPalReturn {
  orderId: number;
  token: string;
}

/**
 * GET /order/payPalOrder: the server captures the payment the buyer approved at PayPal and
 * answers the order, finished ('Payment successful'); 400 'Payment failure' when PayPal refuses,
 * 503 when PayPal does not answer (nothing changed: worth asking again).
 */
export function capturePayPalOrder({ orderId, token }: PayPalReturn): Promise<Order> {
  return api.get('/order/payPalOrder', { query: { orderId, token }, silent: true });
}

/** The buyer back from Stripe Checkout: our order and the Checkout Session. */
export interface StripeReturn {
  orderId: number;
  sessionId: string;
}

/**
 * GET /order/success with the Checkout Session: the order, `finished` once paid, still
 * `unfinished` while the provider has not confirmed the money (pay later, bank payments).
 */
export function confirmCheckoutSession({ orderId, sessionId }: StripeReturn): Promise<Order> {
  return api.get('/order/success', {
    query: { orderId, session_id: sessionId },
    silent: true,
  });
}

/** What cancels an order: the order (mine, by my session), and the TEST checkout's token. */
export interface CancelTarget {
  orderId: number;
  token?: string;
}

/** GET /order/cancel: the buyer declined or gave up; the order is cancelled, nothing charged. */
export function cancelOrder({ orderId, token }: CancelTarget): Promise<Order> {
  return api.get('/order/cancel', { query: { orderId, token }, silent: true });
}

export function useConfirmOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.unfinishedOrder() }),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.unfinishedOrder() }),
  });
}
