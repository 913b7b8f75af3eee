// How many messages I have not read (GET /system/content/getUnRead).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { getUnreadNumber, setUnreadNumber } from '../../../lib/unread-number';
import { chatKeys } from './keys';

/** GET /system/content/getUnRead: how many messages I have not read; kept as UNREAD_NUMBER. */
export async function getUnreadTotal() {
  const total = await api.get('/system/content/getUnRead', { silent: true });
  setUnreadNumber(total);
  return total;
}

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.unread(),
    queryFn: getUnreadTotal,
    initialData: getUnreadNumber,
    initialDataUpdatedAt: 0,
  });

export function useUnreadTotal() {
  return useQuery(unreadQueryOptions());
}
