// The customer-service contact (GET /em/friends/customer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { peopleKeys } from './keys';
import type { Card } from './types';

/** GET /em/friends/customer: the customer-service contact (members get the concierge). */
export function getCustomerService() {
  return request<Card>({ url: '/em/friends/customer' });
}

export const customerServiceQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.customerService(),
    queryFn: getCustomerService,
    staleTime: 5 * 60_000,
  });

export function useCustomerService(enabled = true) {
  return useQuery({ ...customerServiceQueryOptions(), enabled });
}
