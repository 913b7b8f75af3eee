// My IM identity and socket token (GET /em/getEmToken).
import { request } from '../../../lib/request';
import type { ImToken } from './types';

/** GET /em/getEmToken: my IM identity, a socket token bound to this session, and the socket URL. */
export function getImToken() {
  return request<ImToken>({ url: '/em/getEmToken', silent: true });
}
