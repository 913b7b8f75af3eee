// A dynamic as a card: author (to their profile), time, text, photos, the heart with its count,
// the comment count (to the detail) and the "..." menu.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { TranslateSlot } from '../../../components/TranslateSlot';
import { ChatIcon, CrownIcon, HeartIcon, MoreIcon } from '../../../components/icons';
import { formatDate, formatNumber, formatRelativeTime } from '../../../i18n/format';
import { paths, profileHref } from '../../../lib/paths';
import { useToggleDynamicLike } from '../api/dynamic';
import type { Dynamic } from '../api/types';
import { excerpt, parseServerTime } from '../rules';
import { PhotoGrid } from './PhotoGrid';

/** Past this many characters a feed card shows the start and a link to the whole post. */
const PREVIEW_CHARS = 400;

export function dynamicHref(id: number): string {
  return `${paths.dynamicDetail}?id=${id}`;
}

export function PostTime({ at, edited }: { at: string; edited?: string | null }) {
  const { t } = useTranslation();
  const date = parseServerTime(at);
  return (
    <span className="dyn-time">
      <time
        dateTime={date.toISOString()}
        title={formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })}
      >
        {formatRelativeTime(date)}
      </time>
      {edited && <span> · {t('feed.edited')}</span>}
    </span>
  );
}

/** The author's picture and name, both leading to their profile (one stop for the keyboard). */
export function Author({
  userId,
  name,
  avatar,
  level,
  children,
}: {
  userId: number;
  name: string;
  avatar?: string | null;
  level?: string | null;
  /** Under the name: the time. */
  children?: ReactNode;
}) {
  return (
    <div className="dyn-who">
      <Link to={profileHref(userId)} className="dyn-avatar" tabIndex={-1} aria-hidden="true">
        <Avatar src={avatar} name={name} size={42} alt="" />
      </Link>
      <div className="dyn-who-text">
        <Link to={profileHref(userId)} className="dyn-author" data-testid="dynamic-author">
          <span className="dyn-name">{name}</span>
          {level && (
            <span className="dyn-vip" data-testid="vip-badge">
              <CrownIcon size={12} />
              {level}
            </span>
          )}
        </Link>
        {children}
      </div>
    </div>
  );
}

export function DynamicCard({
  dynamic,
  onMore,
  onOpenPhoto,
  full = false,
}: {
  dynamic: Dynamic;
  onMore: (dynamic: Dynamic) => void;
  onOpenPhoto: (dynamic: Dynamic, index: number) => void;
  /** On its own page: the whole text, and the comment count is not a link. */
  full?: boolean;
}) {
  const { t } = useTranslation();
  const like = useToggleDynamicLike();
  const name = dynamic.userName;
  const long = !full && [...dynamic.content].length > PREVIEW_CHARS;
  const commentsLabel = t('feed.commentCount', {
    count: dynamic.comments,
    n: formatNumber(dynamic.comments),
  });
  return (
    <article
      className={full ? 'dyn-card dyn-card-full' : 'dyn-card'}
      data-testid="dynamic"
      data-dynamic-id={dynamic.id}
      aria-label={t('feed.postBy', { name })}
    >
      <header className="dyn-head">
        <Author
          userId={dynamic.userId}
          name={name}
          avatar={dynamic.avatarThumb ?? dynamic.avatar}
          level={dynamic.level}
        >
          <PostTime at={dynamic.createdAt} edited={dynamic.editedAt} />
        </Author>
        <button
          type="button"
          className="icon-btn dyn-more"
          aria-label={t('feed.moreFor', { name })}
          onClick={() => onMore(dynamic)}
          data-testid="dynamic-more"
        >
          <MoreIcon />
        </button>
      </header>
      {dynamic.content && (
        <p className="dyn-text" data-testid="dynamic-text">
          {long ? excerpt(dynamic.content, PREVIEW_CHARS) : dynamic.content}
          {long && (
            <>
              {' '}
              <Link to={dynamicHref(dynamic.id)} className="dyn-read-more">
                {t('feed.readMore')}
              </Link>
            </>
          )}
        </p>
      )}
      {dynamic.content && (
        <TranslateSlot
          kind="dynamic"
          id={dynamic.id}
          text={dynamic.content}
          language={dynamic.language}
          authorId={dynamic.userId}
        />
      )}
      <PhotoGrid
        images={dynamic.images}
        name={name}
        onOpen={(index) => onOpenPhoto(dynamic, index)}
      />
      <footer className="dyn-actions">
        <button
          type="button"
          className={dynamic.liked ? 'dyn-action dyn-like liked' : 'dyn-action dyn-like'}
          aria-pressed={dynamic.liked}
          aria-label={t('feed.likeCount', { count: dynamic.likes, n: formatNumber(dynamic.likes) })}
          onClick={() => {
            if (!like.isPending) like.mutate(dynamic);
          }}
          data-testid="dynamic-like"
        >
          <HeartIcon size={20} fill={dynamic.liked ? 'currentColor' : 'none'} />
          <span aria-hidden="true">{formatNumber(dynamic.likes)}</span>
        </button>
        {full ? (
          <span className="dyn-action" data-testid="dynamic-comments">
            <ChatIcon size={20} />
            <span>{commentsLabel}</span>
          </span>
        ) : (
          <Link to={dynamicHref(dynamic.id)} className="dyn-action" data-testid="dynamic-comments">
            <ChatIcon size={20} />
            <span>{commentsLabel}</span>
          </Link>
        )}
      </footer>
    </article>
  );
}
