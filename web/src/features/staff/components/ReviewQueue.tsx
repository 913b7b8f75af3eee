// The review queue: album photos waiting, flagged dynamics, first messages that carried a
// caution or were held as spam, payments that did not match their order, and verification
// selfies beside the profile photo they are compared with. a approves the focused item, r
// rejects it (a selfie asks why; a photo or a post is kept or taken down, with a reason); j / k
// move.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Spinner } from '../../../components/Button';
import { CheckIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { staffUserHref } from '../../../lib/paths';
import { useDecide, useReviewQueue } from '../api/review';
import {
  REVIEW_MESSAGE_KINDS,
  REVIEW_MESSAGE_REASONS,
  type ReviewDecision,
  type ReviewDynamic,
  type ReviewKind,
  type ReviewMessage,
  type ReviewPayment,
  type ReviewPhoto,
  type ReviewAppeal,
  type ReviewVerification,
  type TakeDownReason,
  type VerificationReason,
  known,
} from '../api/types';
import { amount, reasonLabel, when } from './display';
import { RejectReasonDialog, TakeDownDialog } from './ReviewReasons';
import { type CardParts, Owner, ReviewSection, keyOf } from './ReviewSection';
import { Kbd, KeyHint } from './StaffPage';
import { useQueue } from './use-queue';

function parseKey(key: string): { kind: ReviewKind; id: number } {
  const [kind, id] = key.split(':');
  return { kind: kind as ReviewKind, id: Number(id) };
}

export function ReviewQueue() {
  const { t } = useTranslation();
  const query = useReviewQueue();
  const decide = useDecide();
  const data = query.data;
  const keys = data
    ? [
        ...data.photos.map((p) => keyOf('photo', p.id)),
        ...data.dynamics.map((d) => keyOf('dynamic', d.id)),
        ...data.messages.map((m) => keyOf('message', m.id)),
        ...data.payments.map((p) => keyOf('payment', p.id)),
        ...data.verifications.map((v) => keyOf('verification', v.id)),
        ...data.appeals.map((a) => keyOf('appeal', a.id)),
      ]
    : [];
  // A selfie is rejected with a reason its owner is told: asked in a dialog first.
  const [rejecting, setRejecting] = useState<string | null>(null);
  // A photo or a post is taken down with a reason its owner is told, and a note of staff's own.
  const [takingDown, setTakingDown] = useState<string | null>(null);

  const send = (
    key: string,
    decision: ReviewDecision,
    reason?: VerificationReason | TakeDownReason,
    note?: string,
  ) => {
    const { kind } = parseKey(key);
    if (decision === 'reject' && !reason && kind === 'verification') {
      setRejecting(key);
      return;
    }
    if (decision === 'reject' && !reason && (kind === 'photo' || kind === 'dynamic')) {
      setTakingDown(key);
      return;
    }
    queue.deciding(key);
    decide.mutate({ ...parseKey(key), decision, reason, note }, { onError: queue.failed });
  };
  const queue = useQueue({
    keys,
    onLetter: (letter, key) => {
      if (letter === 'a') send(key, 'approve');
      else if (letter === 'r') send(key, 'reject');
    },
  });
  const busyWith = (key: string) =>
    decide.isPending && keyOf(decide.variables.kind, decide.variables.id) === key;
  const cards: CardParts = {
    itemProps: queue.itemProps,
    busyWith,
    decide: (kind, id, decision) => send(keyOf(kind, id), decision),
  };

  if (query.isPending) return <Spinner large label={t('common.loading')} />;
  if (!data) {
    return (
      <section className="center-view" role="alert">
        <p>{t('errors.generic')}</p>
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </section>
    );
  }

  return (
    <div {...queue.rootProps}>
      <KeyHint>
        {t('staff.keys.title')} <Kbd>j</Kbd> <Kbd>k</Kbd> {t('staff.keys.move')} · <Kbd>a</Kbd>{' '}
        {t('staff.keys.approve')} · <Kbd>r</Kbd> {t('staff.keys.reject')}
      </KeyHint>
      {keys.length === 0 && (
        <section className="center-view" tabIndex={-1} data-queue-empty>
          <CheckIcon size={36} />
          <h2>{t('staff.review.emptyTitle')}</h2>
          <p>{t('staff.review.emptyBody')}</p>
        </section>
      )}
      <ReviewSection
        title={t('staff.review.photos')}
        count={data.counts.photos}
        items={data.photos}
        card={(photo: ReviewPhoto) => ({
          kind: 'photo',
          label: t('staff.review.photoOf', { name: photo.userName }),
          className: 'staff-photo',
          body: (
            <>
              <a href={photo.url} target="_blank" rel="noreferrer" className="staff-photo-link">
                <img src={photo.thumb} alt={t('staff.review.photoOf', { name: photo.userName })} />
              </a>
              <div className="grow">
                <Owner userId={photo.userId} name={photo.userName} at={photo.createdAt} />
                <span className="badge">
                  {photo.isOpen ? t('staff.review.open') : t('staff.review.private')}
                </span>
              </div>
            </>
          ),
        })}
        {...cards}
      />
      <ReviewSection
        title={t('staff.review.dynamics')}
        count={data.counts.dynamics}
        items={data.dynamics}
        card={(dynamic: ReviewDynamic) => ({
          kind: 'dynamic',
          label: t('staff.review.dynamicOf', { name: dynamic.userName }),
          body: (
            <>
              <Owner userId={dynamic.userId} name={dynamic.userName} at={dynamic.createdAt} />
              <div className="staff-badges">
                <span className="badge badge-danger">
                  {t('staff.review.flags', {
                    count: dynamic.flags,
                    n: formatNumber(dynamic.flags),
                  })}
                </span>
                {[...new Set(dynamic.reasons)].map((r) => (
                  <span key={r} className="badge">
                    {reasonLabel(t, r)}
                  </span>
                ))}
              </div>
              {dynamic.content && <p className="staff-text">{dynamic.content}</p>}
              {dynamic.images.length > 0 && (
                <div className="staff-shots">
                  {dynamic.images.map((src, i) => (
                    <a key={src} href={src} target="_blank" rel="noreferrer">
                      <img src={src} alt={t('staff.review.imageN', { number: i + 1 })} />
                    </a>
                  ))}
                </div>
              )}
            </>
          ),
        })}
        {...cards}
      />
      <ReviewSection
        title={t('staff.review.messages')}
        count={data.counts.messages}
        items={data.messages}
        card={(message: ReviewMessage) => ({
          kind: 'message',
          label: t('staff.review.messageFrom', { name: message.senderName }),
          body: (
            <>
              <div className="staff-item-title">
                <Link to={staffUserHref(message.senderId)}>{message.senderName}</Link>
                {' → '}
                <Link to={staffUserHref(message.recipientId)}>{message.recipientName}</Link>
              </div>
              <div className="staff-badges">
                <MessageBadges kind={message.kind} reason={message.reason} />
                <span className="muted staff-small">{when(message.createdAt)}</span>
              </div>
              <p className="staff-text">{message.text}</p>
              <Outcome kind={message.kind} />
            </>
          ),
        })}
        {...cards}
      />
      <ReviewSection
        title={t('staff.review.payments')}
        count={data.counts.payments}
        items={data.payments}
        card={(payment: ReviewPayment) => ({
          kind: 'payment',
          label: t('staff.review.paymentOf', { name: payment.userName }),
          body: (
            <>
              <Owner userId={payment.userId} name={payment.userName} at={payment.createdAt} />
              <div className="staff-badges">
                <span className="badge badge-danger">
                  {t('staff.review.paid', {
                    paid: amount(payment.paidCents, payment.paidCurrency),
                    price: amount(payment.priceCents, payment.currency),
                  })}
                </span>
                <span className="badge">{payment.provider}</span>
              </div>
              <p className="muted staff-small">
                #{payment.orderId} · {payment.product} · {payment.transaction}
              </p>
              <p className="muted staff-small">{t('staff.review.outcome.payment')}</p>
            </>
          ),
        })}
        {...cards}
      />
      <ReviewSection
        title={t('staff.review.verifications')}
        count={data.counts.verifications}
        items={data.verifications}
        card={(item: ReviewVerification) => ({
          kind: 'verification',
          label: t('staff.review.verificationOf', { name: item.userName }),
          body: (
            <>
              <Owner userId={item.userId} name={item.userName} at={item.createdAt} />
              <div className="staff-compare">
                <figure>
                  <a href={item.selfie} target="_blank" rel="noreferrer">
                    <img
                      src={item.selfie}
                      alt={t('staff.review.selfieOf', { name: item.userName })}
                    />
                  </a>
                  <figcaption>{t('staff.review.selfie')}</figcaption>
                </figure>
                <figure>
                  {item.avatar ? (
                    <a href={item.avatar} target="_blank" rel="noreferrer">
                      <img
                        src={item.avatar}
                        alt={t('staff.review.profilePhotoOf', { name: item.userName })}
                      />
                    </a>
                  ) : (
                    <span className="staff-compare-empty">{t('staff.review.noProfilePhoto')}</span>
                  )}
                  <figcaption>{t('staff.review.profilePhoto')}</figcaption>
                </figure>
                <figure className="staff-compare-pose">
                  <img src={item.poseImage} alt="" />
                  <figcaption>{t('staff.review.pose')}</figcaption>
                </figure>
              </div>
            </>
          ),
        })}
        {...cards}
      />
      <ReviewSection
        title={t('staff.review.appeals')}
        count={data.counts.appeals}
        items={data.appeals}
        card={(item: ReviewAppeal) => ({
          kind: 'appeal',
          label: t('staff.review.appealOf', { name: item.userName }),
          approveLabel: t('staff.review.liftBan'),
          rejectLabel: t('staff.review.keepBan'),
          body: (
            <>
              <Owner userId={item.userId} name={item.userName} at={item.createdAt} />
              <div className="staff-badges">
                <span className="badge badge-danger">{reasonLabel(t, item.code)}</span>
                <span className="badge">
                  {item.bannedUntil
                    ? t('staff.review.bannedUntil', { date: when(item.bannedUntil) })
                    : t('staff.review.bannedUntilLifted')}
                </span>
              </div>
              {item.banReason && <p className="muted staff-small">{item.banReason}</p>}
              <p className="staff-text">{item.text}</p>
              <p className="muted staff-small">{t('staff.review.outcome.appeal')}</p>
            </>
          ),
        })}
        {...cards}
      />
      <RejectReasonDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        onChoose={(reason) => {
          if (rejecting) send(rejecting, 'reject', reason);
          setRejecting(null);
        }}
      />
      <TakeDownDialog
        open={takingDown !== null}
        onClose={() => setTakingDown(null)}
        onChoose={(reason, note) => {
          if (takingDown) send(takingDown, 'reject', reason, note);
          setTakingDown(null);
        }}
      />
    </div>
  );
}

function MessageBadges({ kind, reason }: { kind: string; reason: string }) {
  const { t } = useTranslation();
  const held = known(REVIEW_MESSAGE_KINDS, kind);
  const why = known(REVIEW_MESSAGE_REASONS, reason);
  return (
    <>
      <span className={held === 'spam' ? 'badge badge-danger' : 'badge'}>
        {held ? t(`staff.review.kind.${held}`) : kind}
      </span>
      <span className="badge badge-accent">{why ? t(`staff.review.reason.${why}`) : reason}</span>
    </>
  );
}

/** What approving and rejecting a message do. */
function Outcome({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const held = known(REVIEW_MESSAGE_KINDS, kind);
  if (!held) return null;
  return <p className="muted staff-small">{t(`staff.review.outcome.${held}`)}</p>;
}
