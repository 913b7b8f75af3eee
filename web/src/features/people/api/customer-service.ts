// The customer-service contact (GET /em/friends/customer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './keys';

/** GET /em/friends/customer: the customer-service contact (members get the concierge). */
export function getCustomerService() {
  return api.get('/em/friends/customer');
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
