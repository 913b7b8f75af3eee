import { outlineAround } from './MiniMap';

describe('the still map of a place', () => {
  it('draws the land around a place and none of the far side of the world', () => {
    const barcelona = outlineAround(41.39, 2.17);
    const midPacific = outlineAround(0, -150);
    expect(barcelona.length).toBeGreaterThan(500);
    // Mostly sea: far less land near the middle of the Pacific than around Barcelona.
    expect(midPacific.length).toBeLessThan(barcelona.length / 5);
  });

  it('sees across the date line', () => {
    // Fiji straddles it: land on both sides of a place at 179.9° E.
    const path = outlineAround(-17.8, 179.9);
    const xs = [...path.matchAll(/[ML](-?[\d.]+),/g)].map((m) => Number(m[1]));
    expect(xs.some((x) => x < 120)).toBe(true);
    expect(xs.some((x) => x > 120)).toBe(true);
  });
});
