import { describe, expect, it } from 'vitest';
import { SELFIE_SIDE, selfieSize } from './camera';

describe('selfieSize', () => {
  it('keeps a small frame as it is', () => {
    expect(selfieSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
  it('shrinks a large frame to the longest side, keeping its shape', () => {
    expect(selfieSize(1920, 1080)).toEqual({ width: SELFIE_SIDE, height: 720 });
    expect(selfieSize(1080, 1920)).toEqual({ width: 720, height: SELFIE_SIDE });
  });
  it('never divides by nothing', () => {
    expect(selfieSize(0, 0)).toEqual({ width: 0, height: 0 });
  });
});
