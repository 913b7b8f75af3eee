// My groups as rows of the conversation list: the last message written as the list writes one
// (a system line in my language), placed by when it was sent.
import { useTranslation } from 'react-i18next';
import { useEmoji } from '../../features/chat/api/emoji';
import type { Message } from '../../features/chat/api/types';
import type { OtherConversation } from '../../features/chat/components/ConversationList';
import { listTime, previewText } from '../../features/chat/display';
import { useGroups } from '../../features/groups/api/groups';
import { GroupRow } from '../../features/groups/components/GroupRow';
import { systemLineText } from '../../lib/group-system-line';

export function useGroupRows(me: number | null): OtherConversation[] {
  const { t } = useTranslation();
  const emoji = useEmoji().data;
  const groups = useGroups().data?.rows ?? [];
  return groups.map((group) => {
    const last = group.lastMessage ?? null;
    const preview = !last
      ? ''
      : last.type === 'system'
        ? systemLineText(last.content, me, t)
        : previewText(last as Message, me, emoji, t);
    const at = last?.createdAt ?? '';
    return {
      key: `g${group.id}`,
      at,
      row: <GroupRow group={group} preview={preview} time={at ? listTime(at, t) : ''} />,
    };
  });
}
