import { clamp, cropRect, initialState, zoomTo } from './crop-math';

describe('avatar crop geometry', () => {
  it('starts centred on a landscape photo, keeping the full height', () => {
    const state = initialState(4000, 2000, 200);
    const rect = cropRect(state, 4000, 2000, 200);
    expect(rect.sx).toBeCloseTo(1000);
    expect(rect.sy).toBeCloseTo(0);
    expect(rect.size).toBeCloseTo(2000);
    expect(rect.output).toBe(1024);
  });

  it('never lets the photo leave a gap in the square', () => {
    const state = clamp({ x: 50, y: -9999, zoom: 1 }, 1000, 1000, 200);
    expect(state).toEqual({ x: 0, y: 0, zoom: 1 });
  });

  it('zooms around the centre and keeps small photos at their size', () => {
    const start = initialState(600, 600, 300);
    const zoomed = zoomTo(start, 2, 600, 600, 300);
    const rect = cropRect(zoomed, 600, 600, 300);
    expect(rect.size).toBeCloseTo(300);
    expect(rect.sx).toBeCloseTo(150);
    expect(rect.output).toBe(300);
  });
});
