import { describe, expect, it } from 'vitest';
import { formatWait } from './format-wait';

const SINCE = '2026-03-01T00:00:00.000Z';
const later = (ms: number) => Date.parse(SINCE) + ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatWait', () => {
  it.each([
    [0, 'less than a minute'],
    [MIN - 1, 'less than a minute'],
    [MIN, '1 minute'],
    [HOUR - 1, '59 minutes'],
    [HOUR, '1 hour'],
    [2 * DAY - 1, '47 hours'],
    [2 * DAY, '2 days'],
    [400 * DAY, '400 days'],
  ])('after %i ms says %s', (ms, text) => {
    expect(formatWait(SINCE, later(ms))).toBe(text);
  });

  it('says less than a minute for a time slightly ahead of the clock, and unknown for no time', () => {
    expect(formatWait(SINCE, later(-5000))).toBe('less than a minute');
    expect(formatWait('not a time', later(0))).toBe('unknown');
  });
});
