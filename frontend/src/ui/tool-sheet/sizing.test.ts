import { describe, expect, it } from 'vitest';
import { FIGURE, MIN_RADIUS, sizingFigure } from './sizing';

const radii = (tam: number | null, sam: number | null, som: number | null) =>
  sizingFigure({ tam, sam, som }).circles.map((c) => Math.round(c.r * 100) / 100);

describe('sizingFigure', () => {
  it('draws each circle’s area as its share of the TAM, all standing on the bottom edge', () => {
    const figure = sizingFigure({ tam: 100, sam: 25, som: 4 });
    expect(figure.toScale).toBe(true);
    expect(figure.circles.map((c) => c.r)).toEqual([100, 50, 20]);
    for (const c of figure.circles) expect(c.cy + c.r).toBe(FIGURE);
  });

  it('enlarges a circle too small to see and then says it is not to scale', () => {
    const figure = sizingFigure({ tam: 1_000_000, sam: 1000, som: 10 });
    expect(figure.toScale).toBe(false);
    expect(radii(1_000_000, 1000, 10)).toEqual([100, MIN_RADIUS, MIN_RADIUS]);
  });

  it('is to scale exactly at the smallest visible circle', () => {
    // 100 × √(0.0144) = 12: the SOM circle is just large enough.
    expect(sizingFigure({ tam: 10_000, sam: 144, som: 144 }).toScale).toBe(true);
    expect(sizingFigure({ tam: 10_000, sam: 143, som: 143 }).toScale).toBe(false);
  });

  it.each([
    ['a missing amount', null, 10, 1],
    ['a TAM of 0', 0, 0, 0],
    ['a SAM larger than the TAM', 10, 20, 1],
    ['a SOM larger than the SAM', 100, 20, 30],
  ])('draws a schematic, not to scale, for %s', (_, tam, sam, som) => {
    const figure = sizingFigure({ tam, sam, som });
    expect(figure.toScale).toBe(false);
    expect(figure.circles.map((c) => c.r)).toEqual([100, 68, 38]);
  });
});
