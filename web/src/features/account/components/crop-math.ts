// Geometry of the square avatar crop: the image is shown at scale `base * zoom` inside a square
// viewport of `view` px, moved by (x, y) = the image's top-left corner in viewport pixels.

export const MAX_OUTPUT = 1024;
export const MAX_ZOOM = 4;

export interface CropState {
  x: number;
  y: number;
  zoom: number;
}

/** The scale at which the image's short side exactly fills the viewport. */
export function baseScale(width: number, height: number, view: number): number {
  return view / Math.min(width, height);
}

/** Keeps the image covering the whole viewport. */
export function clamp(state: CropState, width: number, height: number, view: number): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, state.zoom));
  const s = baseScale(width, height, view) * zoom;
  const minX = view - width * s;
  const minY = view - height * s;
  return {
    zoom,
    x: Math.min(0, Math.max(minX, state.x)),
    y: Math.min(0, Math.max(minY, state.y)),
  };
}

/** The centred starting position. */
export function initialState(width: number, height: number, view: number): CropState {
  const s = baseScale(width, height, view);
  return { zoom: 1, x: (view - width * s) / 2, y: (view - height * s) / 2 };
}

/** Changes the zoom keeping the viewport's centre on the same point of the image. */
export function zoomTo(
  state: CropState,
  zoom: number,
  width: number,
  height: number,
  view: number,
): CropState {
  const base = baseScale(width, height, view);
  const s1 = base * state.zoom;
  const s2 = base * Math.min(MAX_ZOOM, Math.max(1, zoom));
  const cx = (view / 2 - state.x) / s1;
  const cy = (view / 2 - state.y) / s1;
  return clamp({ zoom, x: view / 2 - cx * s2, y: view / 2 - cy * s2 }, width, height, view);
}

/** The square of the source image to keep, and the output size (at most 1024 px). */
export function cropRect(state: CropState, width: number, height: number, view: number) {
  const s = baseScale(width, height, view) * state.zoom;
  const size = view / s;
  return {
    sx: -state.x / s,
    sy: -state.y / s,
    size,
    output: Math.max(1, Math.min(MAX_OUTPUT, Math.round(size))),
  };
}
