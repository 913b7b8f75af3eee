// A kind's section of the review queue: its count, and each item as a card (what the kind shows,
// its focus in the queue) with the two decisions under it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { formatCounted } from '../../../i18n/format';
import { staffUserHref } from '../../../lib/paths';
import { COUNTED } from '../api/paging';
import type { ReviewDecision, ReviewKind } from '../api/types';
import { when } from './display';

export const keyOf = (kind: ReviewKind, id: number) => `${kind}:${id}`;

/** What the queue gives every card: focus and keys, whether it is being decided, the decision. */
export interface CardParts {
  itemProps: (key: string) => object;
  busyWith: (key: string) => boolean;
  decide: (kind: ReviewKind, id: number, decision: ReviewDecision) => void;
}

/** One item of a kind: what it shows, and how its two decisions read where not the default. */
export interface Card {
  kind: ReviewKind;
  label: string;
  className?: string;
  body: ReactNode;
  approveLabel?: string;
  rejectLabel?: string;
}

/** A kind's section: its count, and each item as a card with the two decisions under it. */
export function ReviewSection<T extends { id: number }>({
  title,
  count,
  items,
  card,
  itemProps,
  busyWith,
  decide,
}: CardParts & {
  title: string;
  count: number;
  items: readonly T[];
  card: (item: T) => Card;
}) {
  const { t } = useTranslation();
  return (
    <section className="staff-section">
      <h2 className="staff-section-title">
        {title} <span className="badge">{formatCounted(count, COUNTED)}</span>
      </h2>
      {items.length === 0 ? (
        <p className="muted">{t('staff.review.nothing')}</p>
      ) : (
        <ul className="staff-queue">
          {items.map((item) => {
            const c = card(item);
            const key = keyOf(c.kind, item.id);
            return (
              <li key={item.id}>
                <article
                  className={c.className ? `card staff-item ${c.className}` : 'card staff-item'}
                  aria-label={c.label}
                  data-testid={`review-${c.kind}`}
                  {...itemProps(key)}
                >
                  {c.body}
                  <Decisions
                    flagged={c.kind === 'dynamic'}
                    busy={busyWith(key)}
                    approveLabel={c.approveLabel}
                    rejectLabel={c.rejectLabel}
                    onApprove={() => decide(c.kind, item.id, 'approve')}
                    onReject={() => decide(c.kind, item.id, 'reject')}
                  />
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function Owner({ userId, name, at }: { userId: number; name: string; at: string }) {
  return (
    <div className="staff-item-title">
      <Link to={staffUserHref(userId)}>{name}</Link>{' '}
      <span className="muted staff-small">
        #{userId} · {when(at)}
      </span>
    </div>
  );
}

/** Approve and reject what someone asked to publish; keep or take down what was flagged. */
function Decisions({
  flagged,
  busy,
  approveLabel,
  rejectLabel,
  onApprove,
  onReject,
}: {
  flagged?: boolean;
  busy: boolean;
  approveLabel?: string;
  rejectLabel?: string;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="staff-actions">
      <Button small loading={busy} onClick={onApprove}>
        {approveLabel ?? (flagged ? t('staff.review.keep') : t('staff.review.approve'))}
      </Button>
      <Button variant="outline" small disabled={busy} onClick={onReject}>
        {rejectLabel ?? (flagged ? t('staff.review.takeDown') : t('staff.review.reject'))}
      </Button>
    </div>
  );
}
