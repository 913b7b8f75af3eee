// Recalling a message over HTTP (POST /system/content/recall).
import { api } from '../../../lib/api';
import type { Message } from './types';

/** POST /system/content/recall: the socket's `recall` over HTTP (sender only, within 2 minutes). */
export function recallOverHttp(id: number): Promise<Message> {
  return api.post('/system/content/recall', { body: { id } });
}

/** POST /system/content/recall with `groupId`: a group message recalled over HTTP. */
export function recallInGroupOverHttp(id: number, groupId: number): Promise<Message> {
  return api.post('/system/content/recall', { body: { id, groupId } });
}
