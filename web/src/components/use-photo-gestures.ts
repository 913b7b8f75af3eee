// The photo viewer's gestures on one photo: two fingers pinch to zoom around their midpoint, one
// finger (or the mouse) pans a zoomed photo or swipes to the next one, a double tap (or
// double-click) zooms in and out, and the wheel zooms at the pointer. Owns the photo's scale and
// offset from the centre of the stage it sits in.
import { type PointerEvent, type WheelEvent, useCallback, useRef, useState } from 'react';

export interface PhotoView {
  scale: number;
  x: number;
  y: number;
}

interface Point {
  x: number;
  y: number;
}

export const MAX_SCALE = 4;
/** A double tap or the zoom button goes this far. */
export const STEP_SCALE = 2.5;
/** A one-finger drag this long at rest moves to the next or previous photo. */
const SWIPE_PX = 60;
/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 10;

const REST: PhotoView = { scale: 1, x: 0, y: 0 };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The view at `scale` that keeps what was under `point` (from the stage's centre) under it. */
function zoomAround(view: PhotoView, point: Point, scale: number, from: Point = point): PhotoView {
  const k = scale / view.scale;
  return { scale, x: point.x - k * (from.x - view.x), y: point.y - k * (from.y - view.y) };
}

export function usePhotoGestures(onSwipe: (direction: 1 | -1) => void) {
  const [view, setViewState] = useState<PhotoView>(REST);
  const [moving, setMoving] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const photo = useRef<HTMLImageElement>(null);
  const current = useRef<PhotoView>(REST);
  const pointers = useRef(new Map<number, Point>());
  /** The view and finger positions when the present set of fingers went down. */
  const gesture = useRef<{ view: PhotoView; points: Point[] } | null>(null);
  /** What this touch has been so far, from the first finger down to the last one up. */
  const sequence = useRef({ moved: false, multi: false });
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  /** Keeps the scale within bounds and a zoomed photo covering the stage where it can. */
  const bounded = useCallback((next: PhotoView): PhotoView => {
    const scale = Math.min(MAX_SCALE, Math.max(1, next.scale));
    const box = stage.current;
    const img = photo.current;
    if (!box || !img) return { ...next, scale };
    const maxX = Math.max(0, (img.offsetWidth * scale - box.clientWidth) / 2);
    const maxY = Math.max(0, (img.offsetHeight * scale - box.clientHeight) / 2);
    return {
      scale,
      x: Math.min(maxX, Math.max(-maxX, next.x)),
      y: Math.min(maxY, Math.max(-maxY, next.y)),
    };
  }, []);

  const setView = useCallback((next: PhotoView) => {
    current.current = next;
    setViewState(next);
  }, []);

  /** A pointer's place, from the stage's centre. */
  const at = (e: { clientX: number; clientY: number }): Point => {
    const box = stage.current?.getBoundingClientRect();
    if (!box) return { x: e.clientX, y: e.clientY };
    return { x: e.clientX - box.left - box.width / 2, y: e.clientY - box.top - box.height / 2 };
  };

  const begin = () => {
    gesture.current = { view: current.current, points: [...pointers.current.values()] };
  };

  const reset = useCallback(() => setView(REST), [setView]);

  /** Zooms in around a point (the centre unless told), or back out when zoomed. */
  const toggleZoom = useCallback(
    (point: Point = { x: 0, y: 0 }) => {
      const view = current.current;
      setView(view.scale > 1 ? REST : bounded(zoomAround(view, point, STEP_SCALE)));
    },
    [bounded, setView],
  );

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (pointers.current.size === 0) sequence.current = { moved: false, multi: false };
    pointers.current.set(e.pointerId, at(e));
    if (pointers.current.size > 1) sequence.current.multi = true;
    begin();
    setMoving(true);
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    pointers.current.set(e.pointerId, at(e));
    const start = gesture.current;
    const [first, second] = pointers.current.values();
    const [a, b] = start.points;
    if (first && second && a && b) {
      const scale = start.view.scale * (distance(first, second) / distance(a, b));
      const clamped = Math.min(MAX_SCALE, Math.max(1, scale));
      setView(bounded(zoomAround(start.view, midpoint(first, second), clamped, midpoint(a, b))));
      sequence.current.moved = true;
      return;
    }
    if (!first || !a) return;
    const dx = first.x - a.x;
    const dy = first.y - a.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) sequence.current.moved = true;
    if (start.view.scale > 1) {
      setView(bounded({ ...start.view, x: start.view.x + dx, y: start.view.y + dy }));
    } else if (!sequence.current.multi) {
      // At rest the photo follows the finger sideways, towards the next one.
      setView({ scale: 1, x: dx, y: 0 });
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const point = at(e);
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) {
      begin();
      return;
    }
    gesture.current = null;
    setMoving(false);
    const view = current.current;
    const { moved, multi } = sequence.current;
    if (view.scale <= 1) {
      if (!multi && Math.abs(view.x) > SWIPE_PX) onSwipe(view.x < 0 ? 1 : -1);
      setView(REST);
    }
    if (moved || multi || e.type === 'pointercancel') {
      lastTap.current = null;
      return;
    }
    const previous = lastTap.current;
    if (
      previous &&
      e.timeStamp - previous.at < DOUBLE_TAP_MS &&
      distance(previous.point, point) < TAP_SLOP_PX * 3
    ) {
      lastTap.current = null;
      toggleZoom(point);
    } else {
      lastTap.current = { at: e.timeStamp, point };
    }
  };

  const onWheel = (e: WheelEvent<HTMLElement>) => {
    const view = current.current;
    const scale = Math.min(MAX_SCALE, Math.max(1, view.scale * Math.exp(-e.deltaY / 300)));
    setView(scale === 1 ? REST : bounded(zoomAround(view, at(e), scale)));
  };

  return {
    view,
    moving,
    stage,
    photo,
    reset,
    toggleZoom,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onWheel,
    },
  };
}
