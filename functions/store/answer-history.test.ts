import { describe, expect, it } from 'vitest';
import { changeTime } from './answer-history';

const index = (...times: string[]) => ({ times, version: times.length });

describe('changeTime', () => {
  it('is the clock’s time when the clock is past every kept state', () => {
    const clock = new Date('2026-05-01T10:00:00.010Z');
    expect(changeTime(index('2026-05-01T10:00:00.009Z'), undefined, clock)).toBe('2026-05-01T10:00:00.010Z');
    expect(changeTime(undefined, undefined, clock)).toBe('2026-05-01T10:00:00.010Z');
  });

  it('is one millisecond after the newest kept state when the clock is on it or behind it', () => {
    const kept = index('2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.050Z');
    expect(changeTime(kept, undefined, new Date('2026-05-01T10:00:00.050Z'))).toBe('2026-05-01T10:00:00.051Z');
    expect(changeTime(kept, undefined, new Date('2026-05-01T09:59:59.000Z'))).toBe('2026-05-01T10:00:00.051Z');
  });

  it('follows the stored answer’s own time too (an answer saved before history was kept)', () => {
    const previous = { updatedAt: '2026-05-01T10:00:01.000Z' };
    expect(changeTime(undefined, previous, new Date('2026-05-01T10:00:00.000Z'))).toBe('2026-05-01T10:00:01.001Z');
    expect(changeTime(undefined, previous, new Date('2026-05-01T10:00:02.000Z'))).toBe('2026-05-01T10:00:02.000Z');
  });
});
