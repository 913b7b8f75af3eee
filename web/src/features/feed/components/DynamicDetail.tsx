// One dynamic on its own page with all its comments, and the comment box at the bottom. A
// dynamic deleted, hidden by the moderators or behind a block says plainly that it is gone.
import './feed.css';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { InfiniteList } from '../../../components/InfiniteList';
import { ChatIcon, FeedIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { ApiError } from '../../../lib/request';
import { showToast } from '../../../lib/toast';
import { useComments, useRemoveComment } from '../api/comments';
import { useDynamic } from '../api/dynamic';
import type { Comment } from '../api/types';
import type { ReplyTarget } from '../rules';
import { CommentComposer } from './CommentComposer';
import { CommentThread } from './Comments';
import { DynamicCard } from './DynamicCard';
import { useDynamicMenu } from './DynamicMenu';
import { useDynamicPhotos } from './use-dynamic-photos';
import { CardSkeleton, FeedEmpty } from './FeedEmpty';

export function DynamicDetail({
  id,
  onGone,
  onBlocked,
}: {
  /** null: the address names no dynamic. */
  id: number | null;
  /** My dynamic was deleted, or its author blocked: the page leaves. */
  onGone: () => void;
  onBlocked?: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const dynamic = useDynamic(id);
  const { openMenu, dialogs } = useDynamicMenu({
    onDeleted: onGone,
    onBlocked: (userId) => {
      onBlocked?.(userId);
      onGone();
    },
  });
  const { openPhoto, viewer } = useDynamicPhotos();

  const gone = id === null || (dynamic.error instanceof ApiError && dynamic.error.code === 404);
  if (gone) return <Gone />;
  if (dynamic.error) {
    return (
      <FeedEmpty
        icon={<FeedIcon size={36} />}
        title={t('feed.loadFailed')}
        body={dynamic.error.message}
        action={<Button onClick={() => void dynamic.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!dynamic.data) {
    return (
      <div className="page dyn-page" aria-busy="true">
        <CardSkeleton />
      </div>
    );
  }
  return (
    <>
      <div className="page dyn-page dyn-detail">
        <DynamicCard dynamic={dynamic.data} onMore={openMenu} onOpenPhoto={openPhoto} full />
        <CommentSection dynamicId={dynamic.data.id} />
      </div>
      {dialogs}
      {viewer}
    </>
  );
}

function Gone() {
  const { t } = useTranslation();
  return (
    <div className="page dyn-page">
      <FeedEmpty
        icon={<FeedIcon size={36} />}
        title={t('feed.goneTitle')}
        body={t('feed.goneBody')}
        action={
          <Link className="btn btn-secondary" to={paths.dynamic}>
            {t('feed.backToFeed')}
          </Link>
        }
      />
    </div>
  );
}

function CommentSection({ dynamicId }: { dynamicId: number }) {
  const { t } = useTranslation();
  const comments = useComments(dynamicId);
  const remove = useRemoveComment();
  const input = useRef<HTMLTextAreaElement>(null);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const rows = comments.data?.pages.flatMap((p) => p.rows) ?? [];
  const { fetchNextPage } = comments;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const reply = useCallback((target: ReplyTarget) => {
    setReplyTo(target);
    input.current?.focus();
  }, []);
  const doDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => showToast(t('feed.commentDeleted'), 'success'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className="cmt-section" aria-labelledby="comments-title">
      <h2 id="comments-title" className="cmt-title">
        {t('feed.comments')}
      </h2>
      <InfiniteList
        items={rows}
        getKey={(c) => c.id}
        className="cmt-list"
        renderItem={(c) => <CommentThread comment={c} onReply={reply} onDelete={setDeleting} />}
        hasMore={Boolean(comments.hasNextPage)}
        loading={comments.isPending || comments.isFetchingNextPage}
        onLoadMore={loadMore}
        end={<span />}
        empty={
          <p className="cmt-empty" data-testid="comments-empty">
            <ChatIcon size={20} />
            {t('feed.noComments')}
          </p>
        }
      />
      <CommentComposer
        dynamicId={dynamicId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        inputRef={input}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('feed.deleteCommentTitle')}
        message={t('feed.deleteCommentBody')}
        confirmLabel={t('feed.deleteComment')}
        busy={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
