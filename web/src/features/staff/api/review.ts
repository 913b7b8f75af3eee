// The review queue (GET /admin/review): album photos waiting, flagged dynamics, first messages
// delivered with a caution or held as spam, payments that did not match their order, and
// verification selfies, banned people's appeals; each approved or rejected (a selfie with a
// reason the person is told; an appeal approved lifts the ban, rejected keeps it).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/request';
import { api } from '../../../lib/api';
import { staffKeys } from './keys';
import type {
  ReviewDecision,
  ReviewKind,
  ReviewQueue,
  TakeDownReason,
  VerificationReason,
} from './types';

/** How many of each kind the queue shows at once. */
export const REVIEW_PAGE_SIZE = 50;

export function getReviewQueue(signal?: AbortSignal) {
  return api.get('/admin/review', { query: { pageSize: REVIEW_PAGE_SIZE }, signal });
}

export function useReviewQueue() {
  return useQuery(
    queryOptions({ queryKey: staffKeys.review(), queryFn: ({ signal }) => getReviewQueue(signal) }),
  );
}

/** POST /admin/review/{kind}/{id}. */
export function decide(
  kind: ReviewKind,
  id: number,
  decision: ReviewDecision,
  reason?: VerificationReason | TakeDownReason,
  note?: string,
) {
  return api.post('/admin/review/{kind}/{id}', {
    path: { kind, id },
    body: { decision, ...(reason ? { reason } : {}), ...(note ? { note } : {}) },
  });
}

const LIST_OF: Record<
  ReviewKind,
  'photos' | 'dynamics' | 'messages' | 'payments' | 'verifications' | 'appeals'
> = {
  photo: 'photos',
  dynamic: 'dynamics',
  message: 'messages',
  payment: 'payments',
  verification: 'verifications',
  appeal: 'appeals',
};

/** The queue without one decided item. */
export function withoutItem(queue: ReviewQueue, kind: ReviewKind, id: number): ReviewQueue {
  const list = LIST_OF[kind];
  const before = queue[list].length;
  const after = queue[list].filter((item) => item.id !== id);
  return {
    ...queue,
    [list]: after,
    counts: {
      ...queue.counts,
      [list]: Math.max(0, queue.counts[list] - (before - after.length)),
    },
  };
}

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
      decision,
      reason,
      note,
    }: {
      kind: ReviewKind;
      id: number;
      decision: ReviewDecision;
      reason?: VerificationReason | TakeDownReason;
      note?: string;
    }) => decide(kind, id, decision, reason, note),
    onSuccess: (_data, { kind, id }) => {
      client.setQueryData(staffKeys.review(), (queue: ReviewQueue | undefined) =>
        queue ? withoutItem(queue, kind, id) : queue,
      );
    },
    // Someone else decided it first (404): it leaves the list all the same.
    onError: (err, { kind, id }) => {
      if (!(err instanceof ApiError) || err.code !== 404) return;
      client.setQueryData(staffKeys.review(), (queue: ReviewQueue | undefined) =>
        queue ? withoutItem(queue, kind, id) : queue,
      );
    },
  });
}
