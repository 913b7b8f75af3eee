// Photos picked for the album: at most as many as the album has room for (6 in all), each an
// image of at most 10 MB (SPEC section 5), re-drawn as a JPEG of at most 2048 px so the upload
// stays small (the server re-encodes it again and strips metadata such as GPS).

import {
  MAX_PICKED_BYTES,
  type PickedProblem,
  pickedProblem,
  readPicked,
} from '../../lib/picked-image';

export { PickedImageError as PhotoError } from '../../lib/picked-image';

export const MAX_PHOTOS = 6;
export const MAX_PHOTO_BYTES = MAX_PICKED_BYTES;

export type PhotoProblem = PickedProblem;

/** How many more photos fit in an album that holds `count`. */
export function roomLeft(count: number): number {
  return Math.max(0, MAX_PHOTOS - count);
}

/** What is wrong with a picked file before reading it, if anything. */
export const fileProblem = pickedProblem;

/** The picked files split into those to upload (as many as fit) and those left out. */
export function pickWithin<T extends { type: string; size: number }>(
  files: readonly T[],
  room: number,
): { take: T[]; rejected: { file: T; problem: PhotoProblem }[]; overflow: number } {
  const take: T[] = [];
  const rejected: { file: T; problem: PhotoProblem }[] = [];
  let overflow = 0;
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) rejected.push({ file, problem });
    else if (take.length < room) take.push(file);
    else overflow += 1;
  }
  return { take, rejected, overflow };
}

/** A picked image as a JPEG data URL of at most 2048 px. */
export function readPhoto(file: File): Promise<string> {
  return readPicked(file, 2048, 0.9);
}
