// Uploading a voice recording before it is sent (POST /common/audio/uploads).
import { api } from '../../../lib/api';

/** What the server kept: the key to send it with, an address to play it back, its length. */
export interface UploadedVoice {
  key: string;
  url: string;
  seconds: number;
}

/** Stores a recording (a data URL) as the sender's upload; the server measures its length. */
export function uploadVoice(audio: string): Promise<UploadedVoice> {
  return api.post('/common/audio/uploads', { body: { audio } });
}
