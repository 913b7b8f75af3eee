// A person's latest dynamics on their profile, each linking to its page, and "See all".
import './feed.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/Skeleton';
import { ChatIcon, HeartIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { paths } from '../../../lib/paths';
import { useLatestDynamics } from '../api/feed';
import { excerpt } from '../rules';
import { PostTime, dynamicHref } from './DynamicCard';

export function feedOfHref(userId: number): string {
  return `${paths.dynamic}?userId=${userId}`;
}

export function PersonDynamics({ userId, mine }: { userId: number; mine: boolean }) {
  const { t } = useTranslation();
  const latest = useLatestDynamics(userId);
  const rows = latest.data?.rows ?? [];
  // A profile is whole without this part: a failure leaves it out.
  if (latest.isError) return null;
  return (
    <section
      className="person-dyn"
      aria-labelledby="person-dyn-title"
      data-testid="person-dynamics"
    >
      <div className="person-dyn-head">
        <h3 id="person-dyn-title">{t('feed.dynamics')}</h3>
        {rows.length > 0 && (
          <Link
            to={mine ? `${paths.dynamic}?tab=mine` : feedOfHref(userId)}
            className="person-dyn-all"
          >
            {t('feed.seeAll')}
          </Link>
        )}
      </div>
      {latest.isPending ? (
        <div aria-busy="true" className="stack">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      ) : rows.length === 0 ? (
        <p className="muted person-dyn-none">
          {mine ? t('feed.profileNoneMine') : t('feed.profileNone')}
        </p>
      ) : (
        <ul className="person-dyn-list">
          {rows.map((d) => {
            const photo = d.images[0];
            return (
              <li key={d.id}>
                <Link
                  to={dynamicHref(d.id)}
                  className="person-dyn-item"
                  data-testid="person-dynamic"
                >
                  {photo && (
                    <img
                      src={photo.thumb || photo.url}
                      alt=""
                      className="person-dyn-thumb"
                      loading="lazy"
                    />
                  )}
                  <span className="person-dyn-body">
                    <span className="person-dyn-text">
                      {d.content
                        ? excerpt(d.content, 120)
                        : t('feed.photoPost', { count: d.images.length })}
                    </span>
                    <span className="person-dyn-meta">
                      <PostTime at={d.createdAt} />
                      <span className="person-dyn-count">
                        <HeartIcon size={14} />
                        <span className="visually-hidden">{t('feed.likes')}</span>
                        {formatNumber(d.likes)}
                      </span>
                      <span className="person-dyn-count">
                        <ChatIcon size={14} />
                        <span className="visually-hidden">{t('feed.comments')}</span>
                        {formatNumber(d.comments)}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
