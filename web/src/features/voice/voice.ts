// Voice messages (message type `audio`, docs/im-protocol.md): what the recorder and the bubble
// work out without a browser's audio: the length as the bubble shows it, the waveform drawn from
// decoded samples, the recorder's format, a stored message's content, the next speed.

import type { MessageContentView } from '../../lib/message-view';

/** The longest recording: the recorder stops by itself here. */
export const MAX_SECONDS = 60;

/** The largest recording the server takes. */
export const MAX_BYTES = 1024 * 1024;

/** Bars of the waveform sent with a message (the server takes at most 64). */
export const WAVEFORM_BARS = 48;

/** How far left a finger slides, in pixels, to cancel a held recording. */
export const CANCEL_SLIDE_PX = 80;

/** Speeds a voice message plays at, in turn. */
export const SPEEDS = [1, 1.5, 2] as const;
export type Speed = (typeof SPEEDS)[number];

/** The speed after `speed` (back to 1 after the fastest). */
export function nextSpeed(speed: Speed): Speed {
  const at = SPEEDS.indexOf(speed);
  return SPEEDS[(at + 1) % SPEEDS.length] ?? 1;
}

/** A length as the bubble shows it: 0:07, 1:00 (whole seconds, rounded). */
export function clockTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Formats a browser's recorder may write, best first: Opus in WebM (Chromium, Firefox), AAC in
 * MP4 (Safari), Opus in Ogg. The first the browser supports, or undefined when it supports none.
 */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus'];

export function recordingType(supported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return supported(type);
    } catch {
      return false;
    }
  });
}

/**
 * The waveform of decoded samples: `bars` numbers 0..100, each the loudest sample of its share of
 * the recording, scaled so that the loudest bar is 100 (a quiet recording still shows its shape).
 * Silence is all zeros.
 */
export function waveformOf(samples: ArrayLike<number>, bars = WAVEFORM_BARS): number[] {
  const peaks: number[] = [];
  const length = samples.length;
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * length) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * length) / bars));
    let peak = 0;
    for (let i = from; i < to && i < length; i++) {
      const value = Math.abs(samples[i] ?? 0);
      if (Number.isFinite(value) && value > peak) peak = value;
    }
    peaks.push(peak);
  }
  const loudest = Math.max(0, ...peaks);
  if (loudest === 0) return peaks.map(() => 0);
  return peaks.map((peak) => Math.min(100, Math.round((peak / loudest) * 100)));
}

/** A voice message as its content says: its address, its length and its waveform. */
export interface Voice {
  url?: string;
  seconds: number;
  waveform: number[];
}

/** A voice message's content read defensively (an address may be missing while it is sent). */
export function voiceOf(content: MessageContentView | null | undefined): Voice | null {
  if (!content) return null;
  const url = typeof content.url === 'string' ? content.url : undefined;
  const seconds = typeof content.seconds === 'number' ? content.seconds : 0;
  const waveform = Array.isArray(content.waveform)
    ? content.waveform
        .filter((bar): bar is number => typeof bar === 'number' && Number.isFinite(bar))
        .map((bar) => Math.max(0, Math.min(100, Math.round(bar))))
        .slice(0, 64)
    : [];
  if (!url && seconds <= 0) return null;
  return { url, seconds, waveform };
}

/** Bars to draw: the message's waveform, or an even line when it came without one. */
export function barsToDraw(waveform: readonly number[], count = WAVEFORM_BARS): number[] {
  if (waveform.length === 0) return Array.from({ length: count }, () => 20);
  // At least a sliver of every bar shows, so silence still reads as a line.
  return waveform.map((bar) => Math.max(8, bar));
}

/** Whether a finger that moved `dx` pixels (negative: left) cancels a held recording. */
export function slideCancels(dx: number): boolean {
  return dx <= -CANCEL_SLIDE_PX;
}
