// Sending a message over HTTP when the socket cannot (POST /system/content/sendMsg).
import { type Narrowed, api } from '../../../lib/api';
import type { components } from '../../../lib/api-schema';
import type { MessageContent, MessageType, Sent } from './types';

export type Outgoing = Narrowed<
  components['schemas']['Outgoing'],
  { to: number; msgType: MessageType; content: MessageContent; clientId: string }
>;

/**
 * POST /system/content/sendMsg: the socket's `send` over HTTP, used when the socket cannot
 * connect. The same clientId is stored once, so it is safe after a socket attempt.
 */
export function sendMessageOverHttp(message: Outgoing): Promise<Sent> {
  return api.post('/system/content/sendMsg', { body: message, silent: true });
}

export type GroupOutgoing = Narrowed<
  components['schemas']['Outgoing'],
  { groupId: number; msgType: MessageType; content: MessageContent; clientId: string }
>;

/** POST /system/content/sendMsg with `groupId`: a group's `send` over HTTP. */
export function sendGroupMessageOverHttp(message: GroupOutgoing): Promise<Sent> {
  return api.post('/system/content/sendMsg', { body: message, silent: true });
}
