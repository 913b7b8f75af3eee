// A designed empty or failed feed, and the shape of a card while it loads.
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/Skeleton';

export function FeedEmpty({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="center-view dyn-empty" data-testid="feed-empty">
      <div className="dyn-empty-art" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      {body && <p>{body}</p>}
      {action}
    </section>
  );
}

export function CardSkeleton() {
  return (
    <div className="dyn-card dyn-skeleton" aria-hidden="true">
      <div className="row">
        <Skeleton width={42} height={42} round />
        <div className="stack" style={{ flex: 1, gap: 6 }}>
          <Skeleton width="40%" height={14} />
          <Skeleton width="25%" height={12} />
        </div>
      </div>
      <Skeleton height={14} />
      <Skeleton width="70%" height={14} />
      <Skeleton height={160} />
    </div>
  );
}
