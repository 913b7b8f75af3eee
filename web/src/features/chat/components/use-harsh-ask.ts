// A send the server asked about ("Are you sure?"): kept out of the list while the person decides,
// its text back in the composer. Send anyway sends it again, confirmed; Edit lets it go, and the
// text stays in the composer to be changed.
import { useState } from 'react';
import { textOf } from '../../../lib/message-view';
import type { MessageContent, MessageType } from '../api/types';
import { useChatConnection } from '../hooks';
import type { OutboxEntry } from '../outbox';

/** Sends a message again, confirmed (to the person or the group of the chat). */
export type SendConfirmed = (msgType: MessageType, content: MessageContent) => void;
import type { Draft } from './Composer';

export function useHarshAsk(
  sendConfirmed: SendConfirmed,
  outbox: readonly OutboxEntry[],
  setDraft: (draft: Draft) => void,
) {
  const connection = useChatConnection();
  const asking = outbox.find((e) => e.status === 'fail' && e.error?.confirm === 'harsh');
  const [draftOf, setDraftOf] = useState<string | null>(null);
  if (asking && draftOf !== asking.clientId) {
    setDraftOf(asking.clientId);
    if (asking.msgType === 'txt') setDraft({ text: textOf(asking.content) });
  }
  const sendAnyway = () => {
    if (!asking) return;
    connection.discard(asking.clientId);
    sendConfirmed(asking.msgType, asking.content);
    if (asking.msgType === 'txt') setDraft({ text: '' });
  };
  const edit = () => {
    if (asking) connection.discard(asking.clientId);
  };
  return { asking, sendAnyway, edit };
}
