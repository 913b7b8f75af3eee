// A dynamic's comments: each top-level comment with its replies ("View 4 more replies" loads
// the rest), Reply on every comment and Delete on mine.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { TranslateSlot } from '../../../components/TranslateSlot';
import { Button } from '../../../components/Button';
import { formatNumber } from '../../../i18n/format';
import { profileHref } from '../../../lib/paths';
import { useReplies } from '../api/comments';
import type { Comment } from '../api/types';
import { type ReplyTarget, replyTarget, shownReplies } from '../rules';
import { PostTime } from './DynamicCard';

export interface CommentActions {
  onReply: (target: ReplyTarget) => void;
  onDelete: (comment: Comment) => void;
}

export function CommentThread({ comment, ...actions }: { comment: Comment } & CommentActions) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const replies = useReplies(comment.id, expanded);
  const loaded = expanded ? (replies.data?.pages.map((p) => p.rows) ?? []) : [];
  const shown = shownReplies(comment.subs, loaded);
  const total =
    expanded && replies.data ? (replies.data.pages.at(-1)?.total ?? 0) : comment.subCount;
  const remaining = Math.max(0, total - shown.length);
  return (
    <div className="cmt-thread" data-testid="comment-thread">
      <CommentItem comment={comment} topLevelId={comment.id} {...actions} />
      {(shown.length > 0 || remaining > 0) && (
        <ul className="cmt-replies">
          {shown.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} topLevelId={comment.id} {...actions} />
            </li>
          ))}
          {remaining > 0 && (
            <li>
              <Button
                variant="ghost"
                small
                className="cmt-more"
                loading={replies.isFetching}
                onClick={() => {
                  if (!expanded) setExpanded(true);
                  else void replies.fetchNextPage();
                }}
              >
                {t('feed.moreReplies', { count: remaining, n: formatNumber(remaining) })}
              </Button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function CommentItem({
  comment,
  topLevelId,
  onReply,
  onDelete,
}: { comment: Comment; topLevelId: number } & CommentActions) {
  const { t } = useTranslation();
  const name = comment.userName;
  return (
    <article className="cmt" data-testid="comment" data-comment-id={comment.id}>
      <Link
        to={profileHref(comment.userId)}
        className="cmt-avatar"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Avatar src={comment.avatarThumb ?? comment.avatar} name={name} size={34} alt="" />
      </Link>
      <div className="cmt-main">
        <p className="cmt-head">
          <Link to={profileHref(comment.userId)} className="cmt-name">
            {name}
          </Link>
          {comment.replyToUserName && (
            <>
              <span className="cmt-arrow" aria-hidden="true">
                ▸
              </span>
              <span className="visually-hidden">{t('feed.repliedTo')}</span>
              <span className="cmt-name cmt-to">{comment.replyToUserName}</span>
            </>
          )}
        </p>
        <p className="cmt-text" data-testid="comment-text">
          {comment.content}
        </p>
        <TranslateSlot
          kind="comment"
          id={comment.id}
          text={comment.content}
          language={comment.language}
          authorId={comment.userId}
        />
        <div className="cmt-foot">
          <PostTime at={comment.createdAt} />
          <button
            type="button"
            className="cmt-action"
            aria-label={t('feed.replyTo', { name })}
            onClick={() => onReply(replyTarget(comment, topLevelId))}
          >
            {t('feed.reply')}
          </button>
          {comment.mine && (
            <button
              type="button"
              className="cmt-action cmt-delete"
              aria-label={t('feed.deleteCommentOf', { text: comment.content.slice(0, 40) })}
              onClick={() => onDelete(comment)}
            >
              {t('feed.deleteComment')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
