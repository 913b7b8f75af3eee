// Query-key factory of the feed: every key starts with ['feed'].

export const feedKeys = {
  all: ['feed'] as const,
  /** The paged feeds: everyone's (null) or one person's. */
  lists: () => [...feedKeys.all, 'list'] as const,
  list: (userId: number | null) => [...feedKeys.lists(), userId ?? 'everyone'] as const,
  /** A person's few latest dynamics, as their profile shows them. */
  latests: () => [...feedKeys.all, 'latest'] as const,
  latest: (userId: number) => [...feedKeys.latests(), userId] as const,
  dynamics: () => [...feedKeys.all, 'dynamic'] as const,
  dynamic: (id: number) => [...feedKeys.dynamics(), id] as const,
  comments: (dynamicId: number) => [...feedKeys.all, 'comments', dynamicId] as const,
  subs: (commentId: number) => [...feedKeys.all, 'subs', commentId] as const,
};
