// The group's members offered while typing "@" in its chat (handed to the chat's composer as its
// suggestions): a picked one is put in as "@UserName ", the whole name, which is what tells a
// member who muted the group that they were named.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import type { GroupMember } from '../api/types';
import { matchingNames, typedMention } from '../mention';

export function useMentionSuggest(members: readonly GroupMember[] | undefined, me: number | null) {
  const { t } = useTranslation();
  return useCallback(
    (text: string, caret: number) => {
      const typed = typedMention(text, caret);
      if (!typed || !members) return null;
      const others = members.filter((m) => m.userId !== me);
      return {
        from: typed.from,
        to: typed.to,
        label: t('groups.mentionList'),
        options: matchingNames(others, typed.query).map((m) => ({
          key: String(m.userId),
          label: (
            <>
              <Avatar src={m.avatar} name={m.userName} size={28} alt="" />
              <span>{m.userName}</span>
            </>
          ),
          text: `@${m.userName} `,
        })),
      };
    },
    [members, me, t],
  );
}
