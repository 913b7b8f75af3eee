// A dynamic's comments: the top-level ones page by page, each with its first replies; the rest
// of a comment's replies on demand; writing and removing comments.
import {
  type QueryClient,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchDynamic } from './cache';
import { feedKeys } from './keys';
import type { Comment, CommentPage } from './types';

export const COMMENT_PAGE_SIZE = 20;
export const REPLY_PAGE_SIZE = 20;

/** The next pageNum while fewer rows than `total` have arrived; none after an empty page. */
export function nextPageNum(
  last: CommentPage,
  pages: readonly CommentPage[],
  lastPageNum: number,
): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  return last.rows.length > 0 && loaded < last.total ? lastPageNum + 1 : undefined;
}

/** GET /system/comment/list?dynamicId=: top-level comments, oldest first, with first replies. */
export function getComments(
  dynamicId: number,
  pageNum: number,
  signal?: AbortSignal,
): Promise<CommentPage> {
  return api.get('/system/comment/list', {
    query: { dynamicId, pageNum, pageSize: COMMENT_PAGE_SIZE },
    signal,
  });
}

/** GET /system/comment/subList?commentId=: the replies to a top-level comment, oldest first. */
export function getReplies(
  commentId: number,
  pageNum: number,
  signal?: AbortSignal,
): Promise<CommentPage> {
  return api.get('/system/comment/subList', {
    query: { commentId, pageNum, pageSize: REPLY_PAGE_SIZE },
    signal,
  });
}

export const commentsQueryOptions = (dynamicId: number) =>
  infiniteQueryOptions({
    queryKey: feedKeys.comments(dynamicId),
    queryFn: ({ pageParam, signal }) => getComments(dynamicId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNum,
  });

export function useComments(dynamicId: number, enabled = true) {
  return useInfiniteQuery({ ...commentsQueryOptions(dynamicId), enabled });
}

export const repliesQueryOptions = (commentId: number) =>
  infiniteQueryOptions({
    queryKey: feedKeys.subs(commentId),
    queryFn: ({ pageParam, signal }) => getReplies(commentId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNum,
  });

/** The replies of a comment beyond its first few, once the person asks for them. */
export function useReplies(commentId: number, enabled: boolean) {
  return useInfiniteQuery({ ...repliesQueryOptions(commentId), enabled });
}

export interface NewComment {
  dynamicId: number;
  content: string;
  parentId?: number;
  replyToUserId?: number;
}

/** POST /system/comment/add: answers the stored comment. */
export function addComment(input: NewComment): Promise<Comment> {
  return api.post('/system/comment/add', { body: input });
}

/** The comments and the counts shown on the dynamic, read again after a change. */
function refresh(client: QueryClient, dynamicId: number, parentId?: number | null) {
  void client.invalidateQueries({ queryKey: feedKeys.comments(dynamicId) });
  if (parentId) void client.invalidateQueries({ queryKey: feedKeys.subs(parentId) });
  void client.invalidateQueries({ queryKey: feedKeys.dynamic(dynamicId) });
}

export function useAddComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (comment) => {
      patchDynamic(client, comment.dynamicId, (d) => ({ ...d, comments: d.comments + 1 }));
      refresh(client, comment.dynamicId, comment.parentId);
    },
  });
}

/** POST /system/comment/remove {id}: the comment's owner only (403 'Comment deletion failed'). */
export function removeComment(id: number) {
  return api.post('/system/comment/remove', { body: { id } });
}

export function useRemoveComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) => removeComment(comment.id),
    onSuccess: (_data, comment) => {
      // A top-level comment takes its replies with it.
      const gone = comment.parentId ? 1 : 1 + comment.subCount;
      patchDynamic(client, comment.dynamicId, (d) => ({
        ...d,
        comments: Math.max(0, d.comments - gone),
      }));
      refresh(client, comment.dynamicId, comment.parentId);
    },
  });
}
