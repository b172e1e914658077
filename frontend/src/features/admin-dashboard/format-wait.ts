import { plural } from '#shared/plural';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a founder has waited, in the largest unit that still reads precisely: minutes for the first hour, hours
 * for the first two days, then days. Rounded down, so "1 day" is never said of 23 hours.
 */
export function formatWait(since: string, now: number): string {
  const waited = Math.max(0, now - Date.parse(since));
  if (Number.isNaN(waited)) return 'unknown';
  if (waited < MINUTE) return 'less than a minute';
  if (waited < HOUR) return plural(Math.floor(waited / MINUTE), 'minute');
  if (waited < 2 * DAY) return plural(Math.floor(waited / HOUR), 'hour');
  return plural(Math.floor(waited / DAY), 'day');
}
