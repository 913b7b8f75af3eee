// How an announcement's body is shown: plain text with its line breaks, folded when long.

/** Longer than this many characters, or lines, a body is folded until tapped open. */
export const FOLD_CHARS = 280;
export const FOLD_LINES = 5;

/** Whether a body is long enough to fold. */
export function isLongNotice(body: string): boolean {
  return body.length > FOLD_CHARS || body.split('\n').length > FOLD_LINES;
}
