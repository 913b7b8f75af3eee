// Screenshots attached to a report: any image up to 10 MB, re-drawn as a JPEG of at most
// 1600 px so the upload stays small (the server re-encodes it again and strips metadata).

import { MAX_PICKED_BYTES, type PickedProblem, readPicked } from '../../../lib/picked-image';

export const MAX_SCREENSHOTS = 3;
export const MAX_SCREENSHOT_BYTES = MAX_PICKED_BYTES;

export type ScreenshotProblem = PickedProblem;

export { PickedImageError as ScreenshotError } from '../../../lib/picked-image';

export function readScreenshot(file: File): Promise<string> {
  return readPicked(file, 1600, 0.85);
}
