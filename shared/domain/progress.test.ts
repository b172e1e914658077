import { describe, expect, it } from 'vitest';
import { percentOf } from './progress';

describe('percentOf', () => {
  it('rounds to whole percent and caps at 100', () => {
    expect(percentOf(0, 27)).toBe(0);
    expect(percentOf(9, 27)).toBe(33);
    expect(percentOf(18, 27)).toBe(67);
    expect(percentOf(27, 27)).toBe(100);
    expect(percentOf(28, 27)).toBe(100);
  });

  it('is 0 when a type has no questions', () => {
    expect(percentOf(3, 0)).toBe(0);
  });
});
