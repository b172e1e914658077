/** How much of an entry a message quotes, so a long one does not fill a confirmation or a history line. */
const EXCERPT_CHARS = 60;

/** `text` on one line, cut with an ellipsis where it is longer than `max`. */
export function excerpt(text: string, max: number = EXCERPT_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max).trimEnd()}…` : line;
}
