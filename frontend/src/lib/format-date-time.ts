const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const DATE_TIME = new Intl.DateTimeFormat('en-US', DATE_TIME_PARTS);
const DATE_TIME_SECONDS = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_PARTS, second: '2-digit' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads and copies the same everywhere.
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date).replace(/\u202f/g, ' ');
}

/** A moment in US English, e.g. 'Nov 21, 2026, 3:45 PM', in the reader's own time zone; '' for a bad date. */
export function formatDateTime(iso: string): string {
  return format(DATE_TIME, iso);
}

/** The same to the second, 'Nov 21, 2026, 3:45:07 PM': for kept changes, where two in one minute must read apart. */
export function formatDateTimeToSecond(iso: string): string {
  return format(DATE_TIME_SECONDS, iso);
}
