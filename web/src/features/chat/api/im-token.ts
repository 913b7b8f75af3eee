// My IM identity and socket token (GET /em/getEmToken).
import { api } from '../../../lib/api';

/** GET /em/getEmToken: my IM identity, a socket token bound to this session, and the socket URL. */
export function getImToken() {
  return api.get('/em/getEmToken', { silent: true });
}
