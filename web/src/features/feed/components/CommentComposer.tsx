// The comment box fixed at the bottom of a dynamic's page, above the soft keyboard: a chip says
// whom a reply answers; Enter sends (Shift+Enter starts a new line).
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { CloseIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { useAddComment } from '../api/comments';
import { COMMENT_MAX, type ReplyTarget, canSendComment, charCount } from '../rules';
import { useKeyboardInset } from '../../../lib/use-keyboard-inset';

/** The counter shows once a comment nears its limit. */
const COUNTER_FROM = COMMENT_MAX - 100;

export function CommentComposer({
  dynamicId,
  replyTo,
  onCancelReply,
  inputRef,
}: {
  dynamicId: number;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddComment();
  const inset = useKeyboardInset<HTMLFormElement>();
  const [content, setContent] = useState('');
  const used = charCount(content.trim());
  const sendable = canSendComment(content) && !add.isPending;

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!sendable) return;
    add.mutate(
      {
        dynamicId,
        content: content.trim(),
        ...(replyTo ? { parentId: replyTo.parentId } : {}),
        ...(replyTo?.replyToUserId ? { replyToUserId: replyTo.replyToUserId } : {}),
      },
      {
        onSuccess: () => {
          setContent('');
          onCancelReply();
        },
      },
    );
  };

  return (
    <form ref={inset} className="cmt-composer" onSubmit={send} data-testid="comment-composer">
      {replyTo && (
        <div className="cmt-chip-row">
          <span className="cmt-chip" data-testid="reply-chip">
            {t('feed.replyingTo', { name: replyTo.name })}
            <button
              type="button"
              className="cmt-chip-close"
              aria-label={t('feed.cancelReply')}
              onClick={() => {
                onCancelReply();
                inputRef.current?.focus();
              }}
            >
              <CloseIcon size={14} />
            </button>
          </span>
        </div>
      )}
      <div className="cmt-composer-row">
        <label htmlFor={id} className="visually-hidden">
          {replyTo ? t('feed.replyingTo', { name: replyTo.name }) : t('feed.writeComment')}
        </label>
        <textarea
          ref={inputRef}
          id={id}
          className="input cmt-input"
          rows={1}
          value={content}
          maxLength={COMMENT_MAX * 2}
          placeholder={
            replyTo
              ? t('feed.replyPlaceholder', { name: replyTo.name })
              : t('feed.commentPlaceholder')
          }
          aria-describedby={used >= COUNTER_FROM ? `${id}-count` : undefined}
          aria-invalid={used > COMMENT_MAX || undefined}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          data-testid="comment-input"
        />
        <Button type="submit" small disabled={!sendable} loading={add.isPending}>
          {t('feed.send')}
        </Button>
      </div>
      {used >= COUNTER_FROM && (
        <span
          id={`${id}-count`}
          className={used > COMMENT_MAX ? 'cmt-count over' : 'cmt-count'}
          aria-live="polite"
        >
          {t('feed.charsUsed', { used: formatNumber(used), max: formatNumber(COMMENT_MAX) })}
        </span>
      )}
    </form>
  );
}
