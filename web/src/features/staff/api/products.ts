// What Amora sells and its gifts, as staff price them (GET/PUT /admin/products, /admin/gifts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffKeys } from './keys';
import type { GiftChange, ProductChange, StaffGift, StaffProduct } from './types';

export function getStaffProducts(signal?: AbortSignal) {
  return api.get('/admin/products', { signal });
}

export function useStaffProducts() {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.products(),
      queryFn: ({ signal }) => getStaffProducts(signal),
    }),
  );
}

export function setProduct(code: string, change: ProductChange) {
  return api.put('/admin/products/{code}', { path: { code }, body: change });
}

export function useSetProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, change }: { code: string; change: ProductChange }) =>
      setProduct(code, change),
    onSuccess: (product) => {
      client.setQueryData(staffKeys.products(), (list: StaffProduct[] | undefined) =>
        list?.map((p) => (p.code === product.code ? product : p)),
      );
      // The shop of this browser shows the new prices too.
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export function getStaffGifts(signal?: AbortSignal) {
  return api.get('/admin/gifts', { signal });
}

export function useStaffGifts() {
  return useQuery(
    queryOptions({ queryKey: staffKeys.gifts(), queryFn: ({ signal }) => getStaffGifts(signal) }),
  );
}

export function setGift(code: string, change: GiftChange) {
  return api.put('/admin/gifts/{code}', { path: { code }, body: change });
}

export function useSetGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, change }: { code: string; change: GiftChange }) => setGift(code, change),
    onSuccess: (gift) => {
      client.setQueryData(staffKeys.gifts(), (list: StaffGift[] | undefined) =>
        list?.map((g) => (g.code === gift.code ? gift : g)),
      );
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
