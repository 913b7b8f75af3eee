// What each card of the review queue shows of its item: an album photo, a flagged dynamic, a
// held first message, a payment that did not match its order, a verification selfie beside the
// profile photo it is compared with, and an appeal against a ban.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../i18n/format';
import { staffUserHref } from '../../../lib/paths';
import {
  REVIEW_MESSAGE_KINDS,
  REVIEW_MESSAGE_REASONS,
  type ReviewAppeal,
  type ReviewDynamic,
  type ReviewMessage,
  type ReviewPayment,
  type ReviewPhoto,
  type ReviewVerification,
  known,
} from '../api/types';
import { amount, reasonLabel, when } from './display';
import { Owner } from './ReviewSection';

export function PhotoItem({ photo }: { photo: ReviewPhoto }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function DynamicItem({ dynamic }: { dynamic: ReviewDynamic }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function MessageItem({ message }: { message: ReviewMessage }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="staff-item-title">
        <Link to={staffUserHref(message.senderId)}>{message.senderName}</Link>
        {message.recipientId != null ? (
          <>
            {' → '}
            <Link to={staffUserHref(message.recipientId)}>{message.recipientName}</Link>
          </>
        ) : (
          // Sent to a group: held or cautioned for every member of it.
          <span data-testid="review-group">
            {' '}
            {t('staff.review.toGroup', { name: message.groupName ?? `#${message.groupId}` })}
          </span>
        )}
      </div>
      <div className="staff-badges">
        <MessageBadges kind={message.kind} reason={message.reason} />
        <span className="muted staff-small">{when(message.createdAt)}</span>
      </div>
      <p className="staff-text">{message.text}</p>
      <Outcome kind={message.kind} />
    </>
  );
}

export function PaymentItem({ payment }: { payment: ReviewPayment }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function VerificationItem({ verification }: { verification: ReviewVerification }) {
  const { t } = useTranslation();
  return (
    <>
      <Owner
        userId={verification.userId}
        name={verification.userName}
        at={verification.createdAt}
      />
      <div className="staff-compare">
        <figure>
          <a href={verification.selfie} target="_blank" rel="noreferrer">
            <img
              src={verification.selfie}
              alt={t('staff.review.selfieOf', { name: verification.userName })}
            />
          </a>
          <figcaption>{t('staff.review.selfie')}</figcaption>
        </figure>
        <figure>
          {verification.avatar ? (
            <a href={verification.avatar} target="_blank" rel="noreferrer">
              <img
                src={verification.avatar}
                alt={t('staff.review.profilePhotoOf', { name: verification.userName })}
              />
            </a>
          ) : (
            <span className="staff-compare-empty">{t('staff.review.noProfilePhoto')}</span>
          )}
          <figcaption>{t('staff.review.profilePhoto')}</figcaption>
        </figure>
        <figure className="staff-compare-pose">
          <img src={verification.poseImage} alt="" />
          <figcaption>{t('staff.review.pose')}</figcaption>
        </figure>
      </div>
    </>
  );
}

export function AppealItem({ appeal }: { appeal: ReviewAppeal }) {
  const { t } = useTranslation();
  return (
    <>
      <Owner userId={appeal.userId} name={appeal.userName} at={appeal.createdAt} />
      <div className="staff-badges">
        <span className="badge badge-danger">{reasonLabel(t, appeal.code)}</span>
        <span className="badge">
          {appeal.bannedUntil
            ? t('staff.review.bannedUntil', { date: when(appeal.bannedUntil) })
            : t('staff.review.bannedUntilLifted')}
        </span>
      </div>
      {appeal.banReason && <p className="muted staff-small">{appeal.banReason}</p>}
      <p className="staff-text">{appeal.text}</p>
      <p className="muted staff-small">{t('staff.review.outcome.appeal')}</p>
    </>
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
