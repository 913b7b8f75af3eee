// How messages read in the lists and bubbles: previews, times, ticks and what may be recalled.
import type { Translate } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { emojiCodeOf, textOf } from '../../lib/message-view';
import type { Emoji, Message } from './api/types';

/** What the server found in a risky first message (the content's `caution`). */
export const CAUTIONS = ['link', 'phone', 'email', 'money'] as const;
export type Caution = (typeof CAUTIONS)[number];

/**
 * The caution a received first message carries, which its recipient is warned of; none for my
 * own messages, nor for a kind this app does not know.
 */
export function cautionOf(
  message: Pick<Message, 'type' | 'content'>,
  mine: boolean,
): Caution | null {
  if (mine || message.type !== 'txt') return null;
  const caution = message.content?.caution;
  return CAUTIONS.find((c) => c === caution) ?? null;
}

/**
 * Whether a refusal asks "Are you sure?" (409 with `data.confirm = "harsh"`): the message may
 * hurt, and goes when sent again `confirmed`.
 */
export function confirmNeeded(data: unknown): 'harsh' | undefined {
  const confirm =
    typeof data === 'object' && data !== null ? (data as { confirm?: unknown }).confirm : null;
  return confirm === 'harsh' ? 'harsh' : undefined;
}

/**
 * Whether a message I received was sent anyway after "Are you sure?" (the content's `harsh`):
 * its reader is asked "Does this bother you?". Never for my own, nor once recalled.
 */
export function harshOf(message: Pick<Message, 'content' | 'status'>, mine: boolean): boolean {
  return !mine && message.status !== 'recalled' && message.content?.harsh === true;
}

/** Recall by the sender only, within 2 minutes (the server's default). */
export const RECALL_WINDOW_MS = 2 * 60_000;

export function emojiFor(code: string | undefined, map: readonly Emoji[] | undefined): string {
  if (!code) return '';
  return map?.find((e) => e.code === code)?.emoji ?? code;
}

/** One line for the conversation list: the text, [Image], the emoji, or that it was recalled. */
export function previewText(
  message: Message,
  me: number | null,
  emoji: readonly Emoji[] | undefined,
  t: Translate,
): string {
  if (message.status === 'recalled') {
    return message.from === me ? t('chat.recalledByMe') : t('chat.recalledPreview');
  }
  let text: string;
  switch (message.type) {
    case 'txt':
      text = textOf(message.content).replace(/\s+/g, ' ').trim();
      break;
    case 'img':
      text = t('chat.imagePreview');
      break;
    case 'emoji':
      text = emojiFor(emojiCodeOf(message.content), emoji);
      break;
    case 'gift':
      text = t('chat.giftPreview');
      break;
    case 'redPacket':
      text = t('chat.redPacketPreview');
      break;
    case 'loc':
      text = t('chat.placePreview');
      break;
    case 'audio':
      text = t('chat.voicePreview');
      break;
    default:
      text = t('chat.otherPreview');
  }
  return message.from === me ? t('chat.mine', { text }) : text;
}

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** The list's time: the hour today, "Yesterday", the weekday this week, else the date. */
export function listTime(iso: string, t: Translate, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return formatDate(date, { hour: 'numeric', minute: '2-digit' });
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return t('chat.yesterday');
  if (now.getTime() - date.getTime() < 6 * 86_400_000)
    return formatDate(date, { weekday: 'short' });
  return formatDate(date, { dateStyle: 'short' });
}

export function bubbleTime(iso: string): string {
  return formatDate(iso, { hour: 'numeric', minute: '2-digit' });
}

/** The separator above the first message of a day. */
export function dayLabel(iso: string, t: Translate, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return t('chat.today');
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return t('chat.yesterday');
  return formatDate(date, { dateStyle: 'medium' });
}

export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export type Tick = 'sent' | 'delivered' | 'read';

/** My message's ticks: stored (sent), on their device (delivered), seen (read). */
export function tickOf(message: Message): Tick {
  if (message.status === 'read' || message.readAt) return 'read';
  if (message.deliveredAt) return 'delivered';
  return 'sent';
}

export function canRecall(
  message: Message,
  me: number | null,
  { now = Date.now(), windowMs = RECALL_WINDOW_MS }: { now?: number; windowMs?: number } = {},
): boolean {
  return (
    message.from === me &&
    message.status !== 'recalled' &&
    now - new Date(message.createdAt).getTime() < windowMs
  );
}

/**
 * Whether a chat image's signed URL (`/media/chat/...?exp=<unix seconds>&sig=...`) has expired:
 * the server hands out a fresh one with every message list, so an expired one means the list is
 * to be fetched again. False for a URL without an expiry.
 */
export function signedUrlExpired(url: string, now = Date.now()): boolean {
  const query = url.split('?')[1];
  if (!query) return false;
  const exp = Number(new URLSearchParams(query).get('exp'));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 <= now;
}
