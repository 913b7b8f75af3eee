// What places add to a chat, one-to-one or a group's, for the chat page to hand to the chat view:
// the "+" menu's way to share a place (the location page, which sends it and comes back), and how
// a shared place (message type `loc`) is drawn.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageView } from '../../../lib/message-view';
import { paths } from '../../../lib/paths';
import { placeOf } from '../place';
import { PinIcon } from './icons';
import { PlaceBubble } from './PlaceBubble';

/** Where a chosen place is sent: the chat's partner, or its group. */
export type PlaceTo = { userId: number } | { groupId: number };

export function useChatPlaces(to: PlaceTo) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plusActions = [
    {
      label: (
        <>
          <PinIcon size={20} />
          {t('places.menuEntry')}
        </>
      ),
      onSelect: () =>
        void navigate(`${paths.chooseLocation}?data=${encodeURIComponent(JSON.stringify(to))}`),
    },
  ];
  const renderContent = (message: MessageView): ReactNode | undefined => {
    if (message.type !== 'loc') return undefined;
    const place = placeOf(message.content);
    return place ? <PlaceBubble place={place} /> : undefined;
  };
  return { plusActions, renderContent };
}
