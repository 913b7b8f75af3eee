// Screenshots attached to a report: any image up to 10 MB, re-drawn as a JPEG of at most
// 1600 px so the upload stays small (the server re-encodes it again and strips metadata).

export const MAX_SCREENSHOTS = 3;
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;
const MAX_SIDE = 1600;

export type ScreenshotProblem = 'notImage' | 'tooLarge' | 'unreadable';

export class ScreenshotError extends Error {
  constructor(readonly problem: ScreenshotProblem) {
    super(problem);
  }
}

export function readScreenshot(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) return Promise.reject(new ScreenshotError('notImage'));
  if (file.size > MAX_SCREENSHOT_BYTES) return Promise.reject(new ScreenshotError('tooLarge'));
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new ScreenshotError('unreadable'));
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      resolve(canvas.toDataURL('image/jpeg', 0.85));
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ScreenshotError('unreadable'));
    };
    img.src = url;
  });
}
