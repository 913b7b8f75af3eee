// The feed, Moments: everyone's dynamics or mine as tabs (the seed's "My Dynamic" names the Mine
// tab, where it is true), or one person's (?userId=), with the Post button. Opening everyone's
// feed clears its red badge.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { CountBadge } from '../../components/CountBadge';
import { PlusIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { feedRows } from '../../features/feed/api/cache';
import { useFeed } from '../../features/feed/api/feed';
import { FeedView } from '../../features/feed/components/FeedView';
import { clearBadge, useCounters } from '../../features/people/api/counters';
import { removePerson } from '../../features/people/api/cache';
import { peopleKeys } from '../../features/people/api/keys';
import { paths } from '../../lib/paths';

const TABS = ['everyone', 'mine'] as const;

export default function DynamicPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const me = useInfo().data?.userId ?? null;
  const counters = useCounters().data;
  const raw = params.get('userId');
  const asked = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const person = asked !== null && asked !== me ? asked : null;
  const tab =
    asked !== null && asked === me ? 'mine' : params.get('tab') === 'mine' ? 'mine' : 'everyone';
  const userId = person ?? (tab === 'mine' ? me : null);

  const onEveryoneLoaded = useCallback(() => {
    clearBadge(client, 'Dynamics');
    void client.invalidateQueries({ queryKey: peopleKeys.counters() });
  }, [client]);
  const onBlocked = useCallback(
    (blocked: number) => {
      removePerson(client, blocked);
      void client.invalidateQueries({ queryKey: peopleKeys.lists() });
    },
    [client],
  );

  const post = (
    <Link
      className="btn btn-primary btn-small dyn-post-btn"
      to={paths.release}
      data-testid="new-post"
    >
      <PlusIcon size={18} />
      {t('feed.post')}
    </Link>
  );

  if (person !== null) return <PersonFeed userId={person} post={post} onBlocked={onBlocked} />;

  return (
    <>
      <AppBar title={t('pages.dynamic')} end={post} />
      <div className="page">
        <nav className="segmented feed-tabs" aria-label={t('feed.tabs')}>
          {TABS.map((x) => {
            const active = tab === x;
            const count = x === 'everyone' ? (counters?.Dynamics ?? 0) : 0;
            return (
              <Link
                key={x}
                to={x === 'everyone' ? paths.dynamic : `${paths.dynamic}?tab=mine`}
                className={active ? 'seg-link active' : 'seg-link'}
                aria-current={active ? 'page' : undefined}
                data-testid={`feed-tab-${x}`}
              >
                <span>{t(`feed.tab.${x}`)}</span>
                <CountBadge count={count} label={t('feed.newCount', { count })} />
              </Link>
            );
          })}
        </nav>
        {tab === 'mine' && me === null ? null : (
          <FeedView
            key={tab}
            userId={userId}
            onLoaded={tab === 'everyone' ? onEveryoneLoaded : undefined}
            onBlocked={onBlocked}
            empty={
              tab === 'mine'
                ? {
                    title: t('feed.emptyMineTitle'),
                    body: t('feed.emptyMineBody'),
                    action: (
                      <Link className="btn btn-primary" to={paths.release}>
                        {t('feed.writeFirst')}
                      </Link>
                    ),
                  }
                : { title: t('feed.emptyTitle'), body: t('feed.emptyBody') }
            }
          />
        )}
      </div>
    </>
  );
}

/** One person's dynamics, from "See all" on their profile. */
function PersonFeed({
  userId,
  post,
  onBlocked,
}: {
  userId: number;
  post: ReactNode;
  onBlocked: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const name = feedRows(useFeed(userId).data)[0]?.userName;
  return (
    <>
      <AppBar title={name ? t('feed.personTitle', { name }) : t('feed.dynamics')} back end={post} />
      <div className="page">
        <FeedView
          userId={userId}
          onBlocked={onBlocked}
          empty={{ title: t('feed.emptyPersonTitle'), body: t('feed.emptyPersonBody') }}
        />
      </div>
    </>
  );
}
