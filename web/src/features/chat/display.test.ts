import type { Message } from './api/types';
import {
  canRecall,
  cautionOf,
  confirmNeeded,
  harshOf,
  dayLabel,
  listTime,
  previewText,
  signedUrlExpired,
  tickOf,
} from './display';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key;

const base: Message = {
  id: 1,
  clientId: 'c1',
  from: 7,
  to: 42,
  chatType: 'singleChat',
  type: 'txt',
  content: { text: 'Hi  there\nfriend' },
  status: 'unread',
  createdAt: '2026-11-22T10:00:00Z',
};

describe('message previews', () => {
  const emoji = [{ code: '[smile]', emoji: '😊' }];

  it('shows text on one line, images as [Image], emoji as the picture, gifts as [Gift]', () => {
    expect(previewText(base, 42, emoji, t)).toBe('Hi there friend');
    expect(previewText({ ...base, type: 'img', content: { url: '/a' } }, 42, emoji, t)).toBe(
      'chat.imagePreview',
    );
    expect(
      previewText({ ...base, type: 'emoji', content: { code: '[smile]' } }, 42, emoji, t),
    ).toBe('😊');
    expect(previewText({ ...base, type: 'gift', content: { giftId: 1 } }, 42, emoji, t)).toBe(
      'chat.giftPreview',
    );
    expect(
      previewText({ ...base, type: 'audio', content: { url: '/a', seconds: 3 } }, 42, emoji, t),
    ).toBe('chat.voicePreview');
  });

  it('says when a message was recalled, and marks my own', () => {
    expect(previewText({ ...base, status: 'recalled', content: null }, 42, emoji, t)).toBe(
      'chat.recalledPreview',
    );
    expect(previewText({ ...base, from: 42, status: 'recalled' }, 42, emoji, t)).toBe(
      'chat.recalledByMe',
    );
    expect(previewText({ ...base, from: 42 }, 42, emoji, t)).toBe(
      'chat.mine:{"text":"Hi there friend"}',
    );
  });
});

describe('times', () => {
  const now = new Date('2026-11-22T18:00:00');
  it('reads today as the hour, then yesterday, then the date', () => {
    expect(listTime('2026-11-22T09:05:00', t, now)).toMatch(/9:05/);
    expect(listTime('2026-11-21T09:05:00', t, now)).toBe('chat.yesterday');
    expect(dayLabel('2026-11-22T09:05:00', t, now)).toBe('chat.today');
    expect(dayLabel('2026-10-02T09:05:00', t, now)).toMatch(/2026/);
  });
});

describe('ticks and recall', () => {
  it('moves from sent to delivered to read', () => {
    const mine = { ...base, from: 42, to: 7 };
    expect(tickOf(mine)).toBe('sent');
    expect(tickOf({ ...mine, deliveredAt: '2026-11-22T10:00:01Z' })).toBe('delivered');
    expect(tickOf({ ...mine, status: 'read' })).toBe('read');
  });

  it('lets me recall my own message for two minutes', () => {
    const sentAt = new Date(base.createdAt).getTime();
    const mine = { ...base, from: 42 };
    expect(canRecall(mine, 42, { now: sentAt + 119_000 })).toBe(true);
    expect(canRecall(mine, 42, { now: sentAt + 121_000 })).toBe(false);
    expect(canRecall(base, 42, { now: sentAt })).toBe(false);
    expect(canRecall({ ...mine, status: 'recalled' }, 42, { now: sentAt })).toBe(false);
    // The operator's window, when the server gives another one.
    expect(canRecall(mine, 42, { now: sentAt + 299_000, windowMs: 5 * 60_000 })).toBe(true);
    expect(canRecall(mine, 42, { now: sentAt + 301_000, windowMs: 5 * 60_000 })).toBe(false);
  });
});

describe('signedUrlExpired', () => {
  const url = '/media/chat/a.jpg?exp=1000&sig=ab';
  it('is false before the expiry and true from it on', () => {
    expect(signedUrlExpired(url, 999_000)).toBe(false);
    expect(signedUrlExpired(url, 1_000_000)).toBe(true);
  });
  it('is false for a URL without one', () => {
    expect(signedUrlExpired('/media/avatars/a.jpg', 5e12)).toBe(false);
    expect(signedUrlExpired('blob:http://x/1', 5e12)).toBe(false);
  });
});

describe('the safety notice over a risky first message', () => {
  it('warns the recipient of what the server found', () => {
    const risky = { ...base, content: { text: 'see www.example.com', caution: 'link' } };
    expect(cautionOf(risky, false)).toBe('link');
    expect(cautionOf({ ...risky, content: { text: 'x', caution: 'money' } }, false)).toBe('money');
  });

  it('never warns the sender, nor of a message without a known caution', () => {
    const risky = { ...base, content: { text: 'call me 555 123 4567', caution: 'phone' } };
    expect(cautionOf(risky, true)).toBeNull();
    expect(cautionOf(base, false)).toBeNull();
    expect(cautionOf({ ...base, content: { text: 'x', caution: 'other' } }, false)).toBeNull();
    expect(cautionOf({ ...risky, type: 'img' }, false)).toBeNull();
    expect(cautionOf({ ...base, content: null }, false)).toBeNull();
  });
});

describe('"Are you sure?" and "Does this bother you?"', () => {
  it('asks the reader of a message sent anyway, never its sender, and not once recalled', () => {
    const harsh = { ...base, content: { text: 'you idiota', harsh: true } };
    expect(harshOf(harsh, false)).toBe(true);
    expect(harshOf(harsh, true)).toBe(false);
    expect(harshOf({ ...harsh, status: 'recalled' }, false)).toBe(false);
    expect(harshOf(base, false)).toBe(false);
    expect(harshOf({ ...base, content: { text: 'x', harsh: 'yes' } }, false)).toBe(false);
    expect(harshOf({ ...base, content: null }, false)).toBe(false);
  });

  it('tells a refusal that asks "Are you sure?" from any other', () => {
    expect(confirmNeeded({ confirm: 'harsh' })).toBe('harsh');
    expect(confirmNeeded({ confirm: 'other' })).toBeUndefined();
    expect(confirmNeeded({ upgrade: true })).toBeUndefined();
    expect(confirmNeeded(null)).toBeUndefined();
  });
});
