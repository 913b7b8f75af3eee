// The feed's rules as the person meets them before anything is sent: how long a post or a
// comment may be, which photos may be added, when Publish is possible, how replies are addressed
// and how server times read.

/** A dynamic's text: at most this many characters (the server trims and checks it too). */
export const CONTENT_MAX = 2000;
/** A comment: 1 to this many characters. */
export const COMMENT_MAX = 500;
/** A dynamic holds at most nine photos. */
export const MAX_PHOTOS = 9;
/** Each photo at most 10 MB (SPEC section 5); the server answers 413 above it. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Characters as a person counts them: an emoji is one, not two UTF-16 units. */
export function charCount(text: string): number {
  return [...text].length;
}

export type PhotoProblem = 'notImage' | 'tooLarge';

/** Why a picked file cannot be a dynamic's photo, or null when it can. */
export function photoProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > MAX_PHOTO_BYTES) return 'tooLarge';
  return null;
}

/** How many of `picked` more photos fit next to the `have` already chosen. */
export function photoRoom(have: number, picked: number): number {
  return Math.max(0, Math.min(picked, MAX_PHOTOS - have));
}

/** Where a photo of the composer stands: being read, on its way up, stored, or failed. */
export type PhotoStatus = 'reading' | 'uploading' | 'done' | 'failed';

export interface DraftPhoto {
  status: PhotoStatus;
}

/**
 * Publish is possible with text or at least one stored photo, within the length limit, and once
 * no photo is still on its way or failed (a failed one is retried or removed first).
 */
export function canPublish(content: string, photos: readonly DraftPhoto[]): boolean {
  const text = content.trim();
  if (charCount(text) > CONTENT_MAX) return false;
  if (photos.some((p) => p.status !== 'done')) return false;
  return text.length > 0 || photos.length > 0;
}

/** Something would be lost by leaving the composer. */
export function isDraftDirty(content: string, photos: readonly unknown[]): boolean {
  return content.trim().length > 0 || photos.length > 0;
}

/** An edit may not leave a dynamic with neither text nor photos. */
export function canSaveEdit(content: string, photoCount: number, original: string): boolean {
  const text = content.trim();
  if (charCount(text) > CONTENT_MAX) return false;
  if (!text && photoCount === 0) return false;
  return text !== original.trim();
}

/** A comment that may be sent: some text, not too long. */
export function canSendComment(content: string): boolean {
  const n = charCount(content.trim());
  return n > 0 && n <= COMMENT_MAX;
}

/** What a comment answers: the top-level comment it goes under, and whom it names. */
export interface ReplyTarget {
  parentId: number;
  /** Set when answering a sub-comment: "Ken ▸ Ana". */
  replyToUserId?: number;
  /** Whose words are answered, for the "Reply to Ken" chip. */
  name: string;
}

/**
 * Answering a top-level comment puts the reply under it; answering a sub-comment puts it under
 * the same top-level comment and names the sub-comment's author.
 */
export function replyTarget(
  comment: { id: number; userId: number; userName: string; parentId?: number | null },
  topLevelId: number,
): ReplyTarget {
  if (comment.id === topLevelId || !comment.parentId) {
    return { parentId: comment.id, name: comment.userName };
  }
  return { parentId: topLevelId, replyToUserId: comment.userId, name: comment.userName };
}

/**
 * The replies of a top-level comment to show: the first few it came with, then every page
 * loaded since, oldest first, each once.
 */
export function shownReplies<T extends { id: number }>(
  first: readonly T[],
  loaded: readonly (readonly T[])[],
): T[] {
  const byId = new Map<number, T>();
  for (const c of first) byId.set(c.id, c);
  for (const page of loaded) for (const c of page) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The server writes times as "2026-11-25 08:01:02" in UTC (or as ISO 8601 with a zone): both
 * read as the same instant wherever the reader is.
 */
export function parseServerTime(value: string): Date {
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  return plain ? new Date(`${plain[1]}T${plain[2]}Z`) : new Date(value);
}

/** The year the server files a dynamic's changes under (the `year` of PUT /system/dynamic). */
export function currentYear(now: Date = new Date()): number {
  return now.getUTCFullYear();
}

/** My like flipped, as the heart shows it before the server answers. */
export function flippedLike(state: { liked: boolean; likes: number }) {
  return {
    liked: !state.liked,
    likes: Math.max(0, state.likes + (state.liked ? -1 : 1)),
  };
}

/** The start of a long text, cut at a word where one is near, for previews. */
export function excerpt(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
