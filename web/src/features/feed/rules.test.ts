import {
  CONTENT_MAX,
  MAX_PHOTO_BYTES,
  canPublish,
  canSaveEdit,
  canSendComment,
  charCount,
  currentYear,
  excerpt,
  flippedLike,
  isDraftDirty,
  parseServerTime,
  photoProblem,
  photoRoom,
  replyTarget,
  shownReplies,
} from './rules';
import { gridColumns } from './components/PhotoGrid';

describe('writing a dynamic', () => {
  it('counts an emoji as one character, as the person sees it', () => {
    expect(charCount('hi 👋')).toBe(4);
  });

  it('publishes text alone, photos alone, or both, but not nothing', () => {
    expect(canPublish('', [])).toBe(false);
    expect(canPublish('   ', [])).toBe(false);
    expect(canPublish('Sunset in Kyoto', [])).toBe(true);
    expect(canPublish('', [{ status: 'done' }])).toBe(true);
  });

  it('waits for every photo to be stored, and for a failed one to be dealt with', () => {
    expect(canPublish('Hello', [{ status: 'done' }, { status: 'uploading' }])).toBe(false);
    expect(canPublish('Hello', [{ status: 'reading' }])).toBe(false);
    expect(canPublish('Hello', [{ status: 'failed' }])).toBe(false);
  });

  it('refuses a text over 2000 characters', () => {
    expect(canPublish('a'.repeat(CONTENT_MAX), [])).toBe(true);
    expect(canPublish('a'.repeat(CONTENT_MAX + 1), [])).toBe(false);
  });

  it('asks before leaving only when something would be lost', () => {
    expect(isDraftDirty('  ', [])).toBe(false);
    expect(isDraftDirty('x', [])).toBe(true);
    expect(isDraftDirty('', [{}])).toBe(true);
  });

  it('takes images up to 10 MB and refuses other files', () => {
    expect(photoProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: MAX_PHOTO_BYTES + 1 })).toBe('tooLarge');
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe('notImage');
  });

  it('keeps at most nine photos', () => {
    expect(photoRoom(0, 3)).toBe(3);
    expect(photoRoom(7, 5)).toBe(2);
    expect(photoRoom(9, 1)).toBe(0);
  });
});

describe('editing a dynamic', () => {
  it('saves a changed text, never an empty post without photos', () => {
    expect(canSaveEdit('New words', 0, 'Old words')).toBe(true);
    expect(canSaveEdit('Old words ', 0, 'Old words')).toBe(false);
    expect(canSaveEdit('', 0, 'Old words')).toBe(false);
    expect(canSaveEdit('', 2, 'Old words')).toBe(true);
  });
});

describe('comments', () => {
  it('sends 1 to 500 characters', () => {
    expect(canSendComment(' ')).toBe(false);
    expect(canSendComment('Nice!')).toBe(true);
    expect(canSendComment('a'.repeat(501))).toBe(false);
  });

  it('puts a reply to a comment under it, and a reply to a reply under the same comment', () => {
    const top = { id: 3, userId: 9, userName: 'Ana', parentId: null };
    expect(replyTarget(top, 3)).toEqual({ parentId: 3, name: 'Ana' });
    const sub = { id: 7, userId: 4, userName: 'Ken', parentId: 3 };
    expect(replyTarget(sub, 3)).toEqual({ parentId: 3, replyToUserId: 4, name: 'Ken' });
  });

  it('shows the first replies and every page loaded since, oldest first, each once', () => {
    const r = (id: number) => ({ id });
    expect(
      shownReplies(
        [r(1), r(2)],
        [
          [r(1), r(2), r(3)],
          [r(5), r(4)],
        ],
      ).map((c) => c.id),
    ).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('what a card shows', () => {
  it('reads the server time as UTC wherever the reader is', () => {
    expect(parseServerTime('2026-11-25 08:01:02').toISOString()).toBe('2026-11-25T08:01:02.000Z');
    expect(parseServerTime('2026-11-25T08:01:02Z').toISOString()).toBe('2026-11-25T08:01:02.000Z');
    expect(parseServerTime('2026-11-25T09:01:02+01:00').toISOString()).toBe(
      '2026-11-25T08:01:02.000Z',
    );
  });

  it('flips a like and its count at once', () => {
    expect(flippedLike({ liked: false, likes: 4 })).toEqual({ liked: true, likes: 5 });
    expect(flippedLike({ liked: true, likes: 1 })).toEqual({ liked: false, likes: 0 });
    expect(flippedLike({ liked: true, likes: 0 })).toEqual({ liked: false, likes: 0 });
  });

  it('cuts a long text at a word', () => {
    expect(excerpt('short', 10)).toBe('short');
    expect(excerpt('one two three four five', 15)).toBe('one two three…');
  });

  it('lays out one photo large, two and four in two columns, the rest in three', () => {
    expect([1, 2, 3, 4, 5, 9].map(gridColumns)).toEqual([1, 2, 3, 2, 3, 3]);
  });

  it('files changes under the current year', () => {
    expect(currentYear(new Date('2026-11-25T08:00:00Z'))).toBe(2026);
  });
});
