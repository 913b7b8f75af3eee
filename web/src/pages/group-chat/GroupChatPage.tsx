// A group's chat (`?id=17`): the chat's view of the group's messages, with the groups feature's
// header, system lines, members sheet and reporting, voice messages, and places shared and drawn.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { Spinner } from '../../components/Button';
import { ChatIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { useGroupHistory } from '../../features/chat/api/history';
import { chatKeys } from '../../features/chat/api/keys';
import { GroupChatView } from '../../features/chat/components/GroupChatView';
import type { GroupDisplay } from '../../features/chat/components/MessageList';
import { signedUrlExpired } from '../../features/chat/display';
import { useChatConnection } from '../../features/chat/hooks';
import { useGroup } from '../../features/groups/api/groups';
import { GroupHeader } from '../../features/groups/components/GroupHeader';
import { MembersSheet } from '../../features/groups/components/MembersSheet';
import { useMentionSuggest } from '../../features/groups/components/mention-suggest';
import {
  type GroupReportSubject,
  ReportGroupDialog,
} from '../../features/groups/components/ReportGroupDialog';
import { clearGroupUnread } from '../../features/groups/hooks';
import { namesInLines, systemLineText } from '../../lib/group-system-line';
import { useChatPlaces } from '../../features/places/components/chat-places';
import { useGroupTranslate } from '../../features/translate/components/chat-translate';
import { useChatVoice } from '../../features/voice/components/chat-voice';
import { isMember } from '../../lib/membership';
import { paths } from '../../lib/paths';
import { useGroupCandidates } from './candidates';

export default function GroupChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(params.get('id')) || 0;
  const group = useGroup(id);
  const { data: user } = useInfo();
  const me = user?.userId ?? null;
  const connection = useChatConnection();
  const people = useGroupCandidates();
  const [membersOpen, setMembersOpen] = useState(false);
  const [reporting, setReporting] = useState<GroupReportSubject | null>(null);
  // Voice messages: recorded and sent to the group, and drawn; places shared are drawn.
  const voice = useChatVoice({
    member: isMember(user),
    send: (msgType, content) => connection.sendToGroup(id, msgType, content),
    onExpired: (url) => {
      if (signedUrlExpired(url)) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.groupHistory(id) });
      }
    },
  });
  const places = useChatPlaces({ groupId: id });
  // Translate under others' texts, into my language, charged to me.
  const translate = useGroupTranslate({ group: id, member: isMember(user) });
  // Read on opening, and on leaving (what came while it was open was read too).
  useEffect(() => {
    clearGroupUnread(queryClient, id);
    return () => clearGroupUnread(queryClient, id);
  }, [queryClient, id]);

  const data = group.data;
  const suggest = useMentionSuggest(data?.members, me);
  const history = useGroupHistory(id).data;
  const display = useMemo((): GroupDisplay => {
    // Members by their names now; someone who has left, as the system lines named them.
    const names = namesInLines(history?.pages.flatMap((p) => p.rows) ?? []);
    for (const m of data?.members ?? []) names.set(m.userId, m.userName);
    return {
      senderName: (userId) => names.get(userId) ?? t('groups.formerMember'),
      systemLine: (message) => systemLineText(message.content, me, t),
      start: t('groups.start', { name: data?.name ?? '' }),
    };
  }, [data, history, me, t]);

  if (!id || group.isError) {
    return (
      <div className="chat-page">
        <AppBar dark back={paths.message} title={t('pages.chat')} />
        <section className="center-view" role="alert">
          <ChatIcon size={40} />
          <h2>{t('groups.notFoundTitle')}</h2>
          <p>{t('groups.notFoundBody')}</p>
          <Link className="btn btn-primary" to={paths.message}>
            {t('nav.messages')}
          </Link>
        </section>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="chat-page">
        <AppBar dark back={paths.message} title={t('pages.chat')} />
        <div className="center-view">
          <Spinner large label={t('common.loading')} />
        </div>
      </div>
    );
  }
  const closed = data.ended
    ? t('groups.ended')
    : data.myRole === null
      ? t('groups.notMember')
      : undefined;
  return (
    <>
      <GroupChatView
        key={id}
        groupId={id}
        name={data.name}
        lastSeq={data.lastSeq}
        me={me}
        member={isMember(user)}
        display={display}
        closed={closed}
        reading={data.myRole !== null}
        onReportMessage={(message) =>
          setReporting({
            kind: 'message',
            messageId: message.id,
            sender: display.senderName(message.from),
          })
        }
        extras={{
          renderContent: (m) =>
            places.renderContent(m) ?? voice.renderContent(m) ?? translate.renderContent(m),
          plusActions: places.plusActions,
          composerAction: voice.composerAction,
          banner: translate.banner,
          panels: translate.panels,
          suggest,
        }}
        header={
          <GroupHeader
            name={data.name}
            avatar={data.avatar}
            memberCount={data.members.length}
            onMembers={() => setMembersOpen(true)}
          />
        }
      />
      <MembersSheet
        open={membersOpen}
        onClose={() => setMembersOpen(false)}
        group={data}
        me={me}
        people={people}
        onGone={() => {
          setMembersOpen(false);
          navigate(paths.message);
        }}
      />
      <ReportGroupDialog
        open={reporting !== null}
        onClose={() => setReporting(null)}
        groupId={id}
        groupName={data.name}
        subject={reporting ?? { kind: 'group' }}
      />
    </>
  );
}
