// Orders: creating one, the unfinished one, and confirming or cancelling a checkout.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from './keys';
import type { Order, PayType } from './types';

/**
 * GET /order/createOrder: gold pays at once ('Payment successful', or 400 'Insufficient coins,
 * please recharge!'); a redirect method answers the checkout URL to send the buyer to; an order
 * while another is unfinished is a 409. The caller shows every refusal itself.
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

export interface CheckoutReturn {
  orderId: number;
  token: string;
}

/** GET /order/success: the checkout approved the payment ('Payment successful'). */
export function confirmOrder({ orderId, token }: CheckoutReturn): Promise<Order> {
  return api.get('/order/success', { query: { orderId, token }, silent: true });
}

/** GET /order/cancel: the buyer declined or gave up; the order is cancelled ('Payment failure'). */
export function cancelOrder({ orderId, token }: CheckoutReturn): Promise<Order> {
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
