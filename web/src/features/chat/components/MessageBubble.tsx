// One message in the chat: mine on the right with its ticks (in a group: how many have read it),
// theirs on the left (in a group, under its sender's name); a recalled one as a line in the
// middle; an unsent one as pending, or failed with Retry. A risky first message I received comes
// with a safety notice above it; one its sender sent anyway after "Are you sure?" asks under it
// "Does this bother you?", with a one-tap report.
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../../components/icons';
import { emojiCodeOf, imageOf, textOf } from '../../../lib/message-view';
import type { Emoji, Message } from '../api/types';
import type { ChatExtras } from '../extras';
import { bubbleTime, cautionOf, emojiFor, harshOf, signedUrlExpired, tickOf } from '../display';
import type { OutboxEntry } from '../outbox';
import { CautionNotice } from './CautionNotice';
import { HarshNotice } from './HarshNotice';
import { AlertIcon, DoubleTickIcon, TickIcon } from './icons';
import { type PressPoint, useMessageActions } from './use-message-actions';

function Ticks({ message }: { message: Message }) {
  const { t } = useTranslation();
  const tick = tickOf(message);
  const label = t(`chat.${tick}`);
  return (
    <span className={`ticks ticks-${tick}`} role="img" aria-label={label} title={label}>
      {tick === 'sent' ? <TickIcon size={15} /> : <DoubleTickIcon size={17} />}
    </span>
  );
}

function Content({
  type,
  text,
  code,
  image,
  emoji,
  onImageExpired,
  onOpenImage,
}: {
  type: string;
  text?: string;
  code?: string;
  image?: { src: string };
  emoji: readonly Emoji[] | undefined;
  onImageExpired?: () => void;
  onOpenImage?: () => void;
}) {
  const { t } = useTranslation();
  // A chat image's URL is signed for a while only; once it has expired the list is fetched again
  // and brings a fresh one.
  const onError = () => {
    if (image && signedUrlExpired(image.src)) onImageExpired?.();
  };
  switch (type) {
    case 'txt':
      return <p className="bubble-text">{text}</p>;
    case 'emoji':
      return (
        <span className="emoji-glyph" role="img" aria-label={code}>
          {emojiFor(code, emoji)}
        </span>
      );
    case 'img':
      return image ? (
        onOpenImage ? (
          <button
            type="button"
            className="bubble-image"
            aria-label={t('chat.viewPhoto')}
            onClick={onOpenImage}
          >
            <img src={image.src} alt={t('chat.photo')} loading="lazy" onError={onError} />
          </button>
        ) : (
          <span className="bubble-image">
            <img src={image.src} alt={t('chat.photo')} onError={onError} />
          </span>
        )
      ) : null;
    default:
      return <p className="bubble-text muted">{t('chat.otherPreview')}</p>;
  }
}

export function MessageBubble({
  message,
  mine,
  peerName,
  sender,
  emoji,
  onActions,
  renderContent,
  onImageExpired,
  onOpenImage,
  onReport,
}: {
  message: Message;
  mine: boolean;
  peerName: string;
  /** In a group: the member who wrote it, named above their bubble (undefined for mine). */
  sender?: string;
  emoji: readonly Emoji[] | undefined;
  onActions?: (at: PressPoint) => void;
  renderContent?: ChatExtras['renderContent'];
  /** A signed image URL has expired: fetch the conversation again. */
  onImageExpired?: () => void;
  /** A photo was tapped: show it in the viewer. */
  onOpenImage?: () => void;
  /** Reports the sender of a message sent anyway after "Are you sure?". */
  onReport?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const actions = useMessageActions(onActions);
  if (message.status === 'recalled') {
    return (
      <li className="chat-system" data-testid="message-recalled">
        {mine ? t('chat.recalledByMe') : t('chat.recalledByThem', { name: peerName })}
      </li>
    );
  }
  const { url, thumb } = imageOf(message.content);
  const caution = cautionOf(message, mine);
  return (
    <>
      {caution && <CautionNotice caution={caution} />}
      <li
        className={`bubble-row ${mine ? 'mine' : 'theirs'}`}
        data-testid="message"
        data-message-id={message.id}
      >
        {sender !== undefined && !mine && <span className="bubble-sender">{sender}</span>}
        <div className={`bubble bubble-${message.type}`} {...actions}>
          {renderContent?.({
            type: message.type,
            content: message.content,
            mine,
            pending: false,
            id: message.id,
            createdAt: message.createdAt,
            arrivedInChat: message.unRead === -1,
            translation: message.translation ?? undefined,
          }) ?? (
            <Content
              type={message.type}
              text={textOf(message.content)}
              code={emojiCodeOf(message.content)}
              image={thumb ? { src: thumb } : undefined}
              emoji={emoji}
              onImageExpired={onImageExpired}
              onOpenImage={url ? onOpenImage : undefined}
            />
          )}
        </div>
        <div className="bubble-meta">
          <time dateTime={message.createdAt}>{bubbleTime(message.createdAt)}</time>
          {mine && message.chatType === 'groupChat' ? (
            <span className="read-by" data-testid="read-by">
              {message.readBy ? t('chat.readBy', { count: message.readBy }) : t('chat.sent')}
            </span>
          ) : (
            mine && <Ticks message={message} />
          )}
        </div>
      </li>
      {harshOf(message, mine) && <HarshNotice messageId={message.id} onReport={onReport} />}
    </>
  );
}

/** A message of mine the server has not stored yet. */
export function OutboxBubble({
  entry,
  emoji,
  onRetry,
  onActions,
  renderContent,
}: {
  entry: OutboxEntry;
  emoji: readonly Emoji[] | undefined;
  onRetry: () => void;
  onActions: (at: PressPoint) => void;
  renderContent?: ChatExtras['renderContent'];
}) {
  const { t } = useTranslation();
  const actions = useMessageActions(onActions);
  const failed = entry.status === 'fail';
  const uploading = entry.msgType === 'img' && !failed && (entry.progress ?? 0) < 1;
  const percent = Math.round((entry.progress ?? 0) * 100);
  return (
    <li className="bubble-row mine" data-testid="message" data-status={entry.status}>
      <div
        className={`bubble bubble-${entry.msgType}${failed ? ' bubble-failed' : ''}`}
        {...actions}
      >
        {renderContent?.({
          type: entry.msgType,
          content: entry.content,
          mine: true,
          pending: entry.status === 'pending',
        }) ?? (
          <Content
            type={entry.msgType}
            text={textOf(entry.content)}
            code={emojiCodeOf(entry.content)}
            image={entry.preview ? { src: entry.preview } : undefined}
            emoji={emoji}
          />
        )}
        {uploading && (
          <span
            className="upload-progress"
            role="progressbar"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={t('chat.uploading', { percent })}
          >
            <span style={{ width: `${percent}%` }} />
            <small>{t('chat.uploading', { percent })}</small>
          </span>
        )}
      </div>
      <div className="bubble-meta">
        {failed ? (
          <>
            <span className="send-failed" role="alert">
              <AlertIcon size={15} />
              {t('chat.sendFailed')}
            </span>
            <button type="button" className="link-btn" onClick={onRetry}>
              {t('common.retry')}
            </button>
          </>
        ) : (
          <span className="sending">
            <ClockIcon size={14} />
            {t('chat.sending')}
          </span>
        )}
      </div>
    </li>
  );
}
