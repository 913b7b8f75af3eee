// A picture someone picked to upload (a post's photos, album photos, report screenshots, a chat
// picture): checked first (an image, 10 MB at most: SPEC section 5), then re-drawn as a JPEG no larger
// than `maxSide`, so the upload stays small. The server re-encodes it again and strips metadata.

/** Largest picture accepted; the server answers 413 above it. */
export const MAX_PICKED_BYTES = 10 * 1024 * 1024;

export type PickedProblem = 'notImage' | 'tooLarge' | 'unreadable';

export class PickedImageError extends Error {
  constructor(readonly problem: PickedProblem) {
    super(problem);
  }
}

/** What is wrong with a picked file before reading it, if anything. */
export function pickedProblem(file: {
  type: string;
  size: number;
}): 'notImage' | 'tooLarge' | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > MAX_PICKED_BYTES) return 'tooLarge';
  return null;
}

/** The picked image as a JPEG data URL of at most `maxSide` px; transparency over white. */
export function readPicked(file: File, maxSide: number, quality: number): Promise<string> {
  const problem = pickedProblem(file);
  if (problem) return Promise.reject(new PickedImageError(problem));
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      const scale = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new PickedImageError('unreadable'));
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      resolve(canvas.toDataURL('image/jpeg', quality));
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new PickedImageError('unreadable'));
    };
    img.src = url;
  });
}

/** The picked file as it is, as a data URL (a chat picture is sent as taken). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new PickedImageError('unreadable'));
    reader.readAsDataURL(file);
  });
}
