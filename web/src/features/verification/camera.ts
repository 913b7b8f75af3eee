// The front camera for a selfie: opened with getUserMedia, a frame taken to a canvas, sent as a
// JPEG data URL. No file picker: a selfie must be taken now, not chosen from earlier photos.

/** Longest side of the selfie sent, in pixels: enough for staff to compare faces. */
export const SELFIE_SIDE = 1280;

/** Whether this browser can open a camera at all. */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

export function openFrontCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
    audio: false,
  });
}

export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The size a frame is drawn at: the video's, shrunk so its longest side is at most `max`. */
export function selfieSize(width: number, height: number, max = SELFIE_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The video's current frame, mirrored as the preview shows it, as a JPEG data URL. */
export function takeShot(video: HTMLVideoElement): string {
  const { width, height } = selfieSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.translate(width, 0);
  ctx.scale(-1, 1);
  ctx.drawImage(video, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', 0.88);
}
