const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment in US English, e.g. 'Nov 21, 2026, 3:45 PM', in the reader's own time zone; '' for a bad date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads and copies the same everywhere.
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date).replace(/\u202f/g, ' ');
}
