// The review queue: album photos waiting, flagged dynamics, first messages that carried a
// caution or were held as spam, payments that did not match their order, and verification
// selfies beside the profile photo they are compared with. a approves the focused item, r
// rejects it (a selfie asks why; a photo or a post is kept or taken down, with a reason); j / k
// move.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { CheckIcon } from '../../../components/icons';
import { useDecide, useReviewQueue } from '../api/review';
import type {
  ReviewAppeal,
  ReviewDecision,
  ReviewDynamic,
  ReviewKind,
  ReviewMessage,
  ReviewPayment,
  ReviewPhoto,
  ReviewVerification,
  TakeDownReason,
  VerificationReason,
} from '../api/types';
import {
  AppealItem,
  DynamicItem,
  MessageItem,
  PaymentItem,
  PhotoItem,
  VerificationItem,
} from './ReviewItems';
import { RejectReasonDialog, TakeDownDialog } from './ReviewReasons';
import { type CardParts, ReviewSection, keyOf } from './ReviewSection';
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
          body: <PhotoItem photo={photo} />,
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
          body: <DynamicItem dynamic={dynamic} />,
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
          body: <MessageItem message={message} />,
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
          body: <PaymentItem payment={payment} />,
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
          body: <VerificationItem verification={item} />,
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
          body: <AppealItem appeal={item} />,
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
