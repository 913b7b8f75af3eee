// Recalling a message over HTTP (POST /system/content/recall).
import { request } from '../../../lib/request';
import type { Message } from './types';

/** POST /system/content/recall: the socket's `recall` over HTTP (sender only, within 2 minutes). */
export function recallOverHttp(id: number) {
  return request<Message>({ url: '/system/content/recall', method: 'POST', data: { id } });
}
