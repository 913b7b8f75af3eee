// Sending a message over HTTP when the socket cannot (POST /system/content/sendMsg).
import { request } from '../../../lib/request';
import type { Message, MessageContent, MessageType } from './types';

export interface Outgoing {
  to: number;
  msgType: MessageType;
  content: MessageContent;
  clientId: string;
}

/**
 * POST /system/content/sendMsg: the socket's `send` over HTTP, used when the socket cannot
 * connect. The same clientId is stored once, so it is safe after a socket attempt.
 */
export function sendMessageOverHttp(message: Outgoing) {
  return request<{ message: Message; seq: number }>({
    url: '/system/content/sendMsg',
    method: 'POST',
    data: message,
    silent: true,
  });
}
