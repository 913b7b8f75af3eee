// What places add to a chat, for the chat page to hand to the chat view: how a shared place
// (message type `loc`) is drawn.
import type { ReactNode } from 'react';
import type { MessageView } from '../../../lib/message-view';
import { placeOf } from '../place';
import { PlaceBubble } from './PlaceBubble';

export function useChatPlaces() {
  const renderContent = (message: MessageView): ReactNode | undefined => {
    if (message.type !== 'loc') return undefined;
    const place = placeOf(message.content);
    return place ? <PlaceBubble place={place} /> : undefined;
  };
  return { renderContent };
}
